// Parses YAML into a Document only when its collections nest no deeper than a bound.
//
// The YAML composer recurses once per level. Past a few thousand levels it overflows the stack,
// catches the overflow at the deepest frame and goes on building its error there; should V8 need
// to compile a regular expression at that moment it has no room, and aborts the whole process
// ("RegExpCompiler Allocation failed"), which no catch can stop. So the depth is measured first,
// on the parser's token stream, which is built without recursion, and a file nested too deeply
// never reaches the composer.
import { CST, Composer, Parser, YAMLParseError, type Document, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import type { PathSegment } from '../model/path';

export interface TooDeep {
  offset: number;
  path: PathSegment[];
}

export type BoundedParse = { document: Document.Parsed } | { tooDeep: TooDeep };

type Options = ParseOptions & DocumentOptions & SchemaOptions;

export function parseBounded(source: string, maxDepth: number, options: Options): BoundedParse {
  const tokens = [...new Parser().parse(source)];
  const tooDeep = firstTooDeep(tokens, maxDepth);
  if (tooDeep) return { tooDeep };

  // As parseDocument does: the first document, and an error if there is a second.
  const composer = new Composer(options);
  let document: Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, source.length)) {
    if (!document) document = next;
    else {
      document.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
      break;
    }
  }
  return { document: document! };
}

interface Pending {
  token: CST.Token | null | undefined;
  depth: number;
  /** The place of the token, as a chain back to the document, named only when one is refused. */
  place?: { index: number; key?: CST.Token | null };
  parent?: Pending;
}

/** The first collection, in document order, nested deeper than the bound; walked without recursion. */
function firstTooDeep(tokens: CST.Token[], maxDepth: number): TooDeep | undefined {
  const pending: Pending[] = tokens.map((token) => ({ token, depth: 0 })).reverse();
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const { token, depth } = entry;
    if (!token) continue;
    if (token.type === 'document') {
      pending.push({ token: token.value, depth, parent: entry });
    } else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      const inner = depth + 1;
      if (inner > maxDepth) return { offset: token.offset, path: pathOf(entry) };
      const isMap = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
      const children: Pending[] = [];
      token.items.forEach((item, index) => {
        const key = 'key' in item ? item.key : undefined;
        const place = isMap ? { index, key } : { index };
        if (key) children.push({ token: key, depth: inner, place, parent: entry });
        children.push({ token: item.value, depth: inner, place, parent: entry });
      });
      for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
    }
  }
  return undefined;
}

/** A key names its place by its text, as the reader of the data would: a complex key is '?'. */
function segmentOf(place: NonNullable<Pending['place']>): PathSegment {
  if (!('key' in place)) return place.index;
  if (!place.key) return place.index;
  const scalar = CST.resolveAsScalar(place.key, false, () => undefined);
  return scalar ? scalar.value : '?';
}

function pathOf(entry: Pending): PathSegment[] {
  const path: PathSegment[] = [];
  for (let at: Pending | undefined = entry; at; at = at.parent) if (at.place) path.push(segmentOf(at.place));
  return path.reverse();
}
