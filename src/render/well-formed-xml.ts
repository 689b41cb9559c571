// A strict XML 1.0 well-formedness check with a tiny element tree, so tests can parse every SVG
// written without an XML library: one root, balanced and properly nested tags, quoted and unique
// attributes, only the five predefined entities and character references, only XML characters.
// No DTDs, no processing instructions other than the XML declaration, no CDATA (none are written).

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

export class XmlError extends Error {
  constructor(message: string, readonly offset: number) {
    super(`${message} at offset ${offset}`);
  }
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const CHAR_OK = /^[\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  return raw.replace(/&([^;]*);|&/g, (match, body: string | undefined, index: number) => {
    if (body === undefined) throw new XmlError('bare "&"', at + index);
    if (body in ENTITY) return ENTITY[body]!;
    const numeric = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(body);
    if (!numeric) throw new XmlError(`unknown entity &${body};`, at + index);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : parseInt(numeric[2]!, 10);
    const char = code <= 0x10ffff ? String.fromCodePoint(code) : '';
    if (!char || !CHAR_OK.test(char)) throw new XmlError(`reference to a character XML forbids (${match})`, at + index);
    return char;
  });
}

export function parseXml(text: string): XmlElement {
  if (!CHAR_OK.test(text)) {
    const bad = [...text].findIndex((c) => !CHAR_OK.test(c));
    throw new XmlError('a character XML forbids', bad);
  }
  let pos = 0;
  const skipSpace = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>');
    if (end < 0) throw new XmlError('unterminated XML declaration', 0);
    pos = end + 2;
  }
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (text.startsWith('<!--', pos)) {
        const end = text.indexOf('-->', pos + 4);
        if (end < 0 || text.slice(pos + 4, end).includes('--')) throw new XmlError('bad comment', pos);
        pos = end + 3;
      } else return;
    }
  };
  skipMisc();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (pos < text.length) {
    if (root && stack.length === 0) {
      skipMisc();
      if (pos < text.length) throw new XmlError('content after the root element', pos);
      break;
    }
    if (text[pos] !== '<') {
      const end = text.indexOf('<', pos);
      const raw = text.slice(pos, end < 0 ? text.length : end);
      if (stack.length === 0) throw new XmlError('text outside the root element', pos);
      if (raw.includes(']]>')) throw new XmlError('"]]>" in text', pos);
      stack[stack.length - 1]!.children.push(decode(raw, pos));
      pos += raw.length;
      continue;
    }
    if (text.startsWith('<!--', pos)) {
      const end = text.indexOf('-->', pos + 4);
      if (end < 0) throw new XmlError('unterminated comment', pos);
      pos = end + 3;
      continue;
    }
    if (text.startsWith('</', pos)) {
      pos += 2;
      const name = NAME.exec(text.slice(pos))?.[0];
      if (!name) throw new XmlError('bad end tag', pos);
      pos += name.length;
      skipSpace();
      if (text[pos] !== '>') throw new XmlError('bad end tag', pos);
      pos++;
      const open = stack.pop();
      if (!open || open.name !== name) throw new XmlError(`</${name}> does not close <${open?.name ?? 'nothing'}>`, pos);
      continue;
    }
    if (text[pos + 1] === '!' || text[pos + 1] === '?') throw new XmlError('declarations and processing instructions are not expected', pos);
    pos++;
    const name = NAME.exec(text.slice(pos))?.[0];
    if (!name) throw new XmlError('bad start tag', pos);
    pos += name.length;
    const element: XmlElement = { name, attributes: {}, children: [] };
    for (;;) {
      const before = pos;
      skipSpace();
      if (text.startsWith('/>', pos) || text[pos] === '>') break;
      if (pos === before) throw new XmlError('attributes need space between them', pos);
      const attr = NAME.exec(text.slice(pos))?.[0];
      if (!attr) throw new XmlError('bad attribute name', pos);
      pos += attr.length;
      skipSpace();
      if (text[pos] !== '=') throw new XmlError(`attribute ${attr} has no value`, pos);
      pos++;
      skipSpace();
      const quote = text[pos];
      if (quote !== '"' && quote !== "'") throw new XmlError(`attribute ${attr} is not quoted`, pos);
      const end = text.indexOf(quote, pos + 1);
      if (end < 0) throw new XmlError('unterminated attribute', pos);
      const raw = text.slice(pos + 1, end);
      if (raw.includes('<')) throw new XmlError(`"<" in attribute ${attr}`, pos);
      if (Object.prototype.hasOwnProperty.call(element.attributes, attr)) throw new XmlError(`repeated attribute ${attr}`, pos);
      element.attributes[attr] = decode(raw, pos + 1);
      pos = end + 1;
    }
    const selfClosing = text.startsWith('/>', pos);
    pos += selfClosing ? 2 : 1;
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else if (root) throw new XmlError('a second root element', pos);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new XmlError(`<${stack[stack.length - 1]!.name}> is never closed`, text.length);
  if (!root) throw new XmlError('no root element', 0);
  return root;
}

/** All text inside an element, in document order. */
export function textContent(element: XmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textContent(child))).join('');
}

/** Every element (the root included) that satisfies `test`, in document order. */
export function findAll(element: XmlElement, test: (e: XmlElement) => boolean): XmlElement[] {
  const found: XmlElement[] = test(element) ? [element] : [];
  for (const child of element.children) if (typeof child !== 'string') found.push(...findAll(child, test));
  return found;
}

/** The text of each `<text>` element, one string per line drawn. */
export function textLines(element: XmlElement): string[] {
  return findAll(element, (e) => e.name === 'text').map(textContent);
}
