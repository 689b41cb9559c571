import { describe, expect, it } from 'vitest';
import { EMPTY_TREE, acceptedProjection, type TreeProjection } from '../format';
import {
  acceptedLink,
  acceptedNode,
  copy,
  link,
  node,
  toyState,
  tree,
  type State,
} from '../format/fixtures';
import { acceptedViewSvg, changeViewSvg, htmlPage } from './index';
import { findAll, parseXml, textLines, type XmlElement } from './well-formed-xml';

function projected(state: State, key = 'current_reality'): TreeProjection {
  return acceptedProjection(state)[key as 'current_reality'] ?? EMPTY_TREE;
}

/** Parses strictly and returns the root with all drawn text joined by spaces. */
function read(svg: string): { root: XmlElement; text: string } {
  const root = parseXml(svg);
  expect(root.name).toBe('svg');
  expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
  return { root, text: textLines(root).join(' ') };
}

function marks(root: XmlElement, cls: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const e of findAll(root, (e) => (e.attributes.class ?? '').split(' ').includes(cls))) {
    found[e.attributes['data-node-id'] ?? e.attributes['data-link-id'] ?? '?'] = e.attributes['data-mark']!;
  }
  return found;
}

function rectOf(card: XmlElement) {
  const r = card.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === 'rect')!;
  return { x: +r.attributes.x!, y: +r.attributes.y!, width: +r.attributes.width!, height: +r.attributes.height! };
}

describe('the well-formedness check used by these tests', () => {
  it('accepts well-formed XML and decodes entities', () => {
    const root = parseXml('<?xml version="1.0"?><a x="1 &amp; 2"><b/>t&lt;&#233;&#x1F600;<!-- c --></a>\n');
    expect(root.attributes.x).toBe('1 & 2');
    expect(textLines({ name: 'w', attributes: {}, children: [{ name: 'text', attributes: {}, children: root.children }] })).toEqual(['t<é😀']);
  });

  for (const [what, xml] of [
    ['a bare ampersand', '<a>fish & chips</a>'],
    ['a raw < in an attribute', '<a x="<"/>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['a repeated attribute', '<a x="1" x="2"/>'],
    ['mismatched tags', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['two roots', '<a/><b/>'],
    ['a control character', '<a>\u0001</a>'],
    ['a reference to a control character', '<a>&#1;</a>'],
    ['text outside the root', 'x<a/>'],
  ]) {
    it(`rejects ${what}`, () => expect(() => parseXml(xml!)).toThrow());
  }
});

describe('acceptedViewSvg', () => {
  it('draws each accepted node with its kind and whole text, and each link with its relation', () => {
    const { root, text } = read(acceptedViewSvg({ tree: 'current_reality', projection: projected(toyState()), captions: ['As of revision 1'] }));
    expect(text).toContain('Current Reality Tree — accepted reasoning');
    expect(text).toContain('As of revision 1');
    expect(text).toContain('Observation');
    expect(text).toContain('13% productivity gain for remote workers');
    expect(text).toContain('Gain was on solo call-handling tasks specifically'); // isolated nodes are drawn
    expect(text).toContain('limits scope');
    expect(Object.keys(marks(root, 'card')).sort()).toEqual(['n1', 'n2', 'n3']);
    expect(findAll(root, (e) => e.attributes.class === 'link' && e.attributes['marker-end'] === 'url(#cw-arrow-accepted)')).toHaveLength(1);
  });

  it('says "No accepted reasoning" for an empty tree', () => {
    for (const projection of [undefined, EMPTY_TREE]) {
      const { root, text } = read(acceptedViewSvg({ tree: 'goal', projection }));
      expect(text).toContain('No accepted reasoning');
      expect(findAll(root, (e) => e.attributes.class === 'card')).toHaveLength(0);
    }
  });

  it('draws an AND link as one junction with one arrow, traces as references, assumptions on nodes and links', () => {
    const state = toyState();
    link(state, 'l1').from = ['n2', 'n3'];
    link(state, 'l1').assumptions = [{ text: 'Scope limits transfer.', by: 'bob' }];
    Object.assign(node(state, 'n1'), { addresses: ['g9'], derived_from: ['n3'], assumptions: [{ text: 'The study is sound.', by: 'bob' }] });
    const { root, text } = read(acceptedViewSvg({ tree: 'current_reality', projection: projected(state) }));
    expect(findAll(root, (e) => e.attributes.class === 'junction')).toHaveLength(1);
    expect(text).toMatch(/\bAND\b/);
    expect(findAll(root, (e) => e.attributes.class === 'link and-source')).toHaveLength(2);
    expect(findAll(root, (e) => e.attributes.class === 'link' && !!e.attributes['marker-end'])).toHaveLength(1);
    expect(text).toContain('Addresses: g9');
    expect(text).toContain('Derived from: n3');
    expect(text).toContain('Assumes: The study is sound.');
    expect(text).toContain('limits scope [A1]');
    expect(text).toContain('Assumes: Scope limits transfer.');
    expect(text).toContain('sources act together');
  });

  it('draws conflicts_with as a zigzag without an arrowhead, and precedes with the order arrow', () => {
    const projection: TreeProjection = {
      nodes: [
        { id: 'c1', kind: 'prerequisite', text: 'Fix it ourselves' },
        { id: 'c2', kind: 'prerequisite', text: 'Teach others to fix it' },
        { id: 'c3', kind: 'need', text: 'Repair every bike' },
      ],
      links: [
        { id: 'k1', from: ['c1'], to: 'c2', relation: 'conflicts_with' },
        { id: 'k2', from: ['c1'], to: 'c3', relation: 'precedes' },
      ],
    };
    const { root, text } = read(acceptedViewSvg({ tree: 'conflict', projection }));
    const conflict = findAll(root, (e) => e.attributes.class === 'link conflict');
    expect(conflict).toHaveLength(1);
    expect(conflict[0]!.attributes['marker-end']).toBeUndefined();
    expect(conflict[0]!.attributes['data-link-id']).toBe('k1');
    expect(findAll(root, (e) => e.attributes.class === 'link' && e.attributes['marker-end'] === 'url(#cw-order-accepted)')).toHaveLength(1);
    expect(text).toContain('conflicts with');
    expect(text).toContain('precedes');
  });

  it('escapes every piece of user text and replaces characters XML forbids', () => {
    const nasty = `A <b>bold</b> & "quoted" 'text' \u{1F6B2} שלום עולם مرحبا \u0007 ]]> end`;
    const projection: TreeProjection = {
      nodes: [
        { id: 'a<&>"\'', kind: 'cause & <effect>', text: nasty, addresses: ['x"&<y'], assumptions: ['<assumed> & "so"'] },
        { id: 'b', kind: 'cause', text: 'ok' },
      ],
      links: [{ id: 'l"<&', from: ['b'], to: 'a<&>"\'', relation: 'causes_<&>"', assumptions: ['1 < 2 & 3 > 2'] }],
    };
    for (const svg of [
      acceptedViewSvg({ tree: 'current_reality', projection, captions: ['Summary: <script>alert("x")</script> & more'] }),
      changeViewSvg({ tree: 'current_reality', before: EMPTY_TREE, after: projection }),
    ]) {
      const { root, text } = read(svg);
      expect(svg).not.toContain('<b>');
      expect(svg).not.toContain('<script>');
      expect(text).toContain('A <b>bold</b> & "quoted"');
      expect(text).toContain("'text' \u{1F6B2} שלום עולם مرحبا \uFFFD ]]> end");
      expect(text).toContain('Addresses: x"&<y');
      expect(text).toContain('Assumes: <assumed> & "so"');
      expect(text).toContain('causes <&>"');
      expect(text).toContain('Assumes: 1 < 2 & 3 > 2');
      expect(Object.keys(marks(root, 'card'))).toContain('a<&>"\'');
    }
  });

  it('starts a right-to-left line at the card’s right edge', () => {
    const projection: TreeProjection = { nodes: [{ id: 'h', kind: 'cause', text: 'שלום עולם' }], links: [] };
    const { root } = read(acceptedViewSvg({ tree: 'current_reality', projection }));
    const line = findAll(root, (e) => e.name === 'text' && e.children.join('') === 'שלום עולם')[0]!;
    expect(line.attributes.direction).toBe('rtl');
    const card = rectOf(findAll(root, (e) => e.attributes.class === 'card')[0]!);
    expect(+line.attributes.x!).toBeGreaterThan(card.x + card.width / 2);
  });

  it('gives every line of a paragraph the direction of its first letter, as dir=auto does', () => {
    const text = 'שלום — the Hebrew-speaking volunteers asked for signs in their own language';
    const projection: TreeProjection = { nodes: [{ id: 'h', kind: 'cause', text, assumptions: ['English first, then עברית'] }], links: [] };
    const { root } = read(acceptedViewSvg({ tree: 'current_reality', projection }));
    const card = findAll(root, (e) => e.attributes.class === 'card')[0]!;
    const lines = findAll(card, (e) => e.name === 'text' && text.includes(e.children.join('')) && e.children.join('').length > 3);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.attributes.direction).toBe('rtl');
    const assumption = findAll(card, (e) => e.name === 'text' && e.children.join('').startsWith('Assumes:'))[0]!;
    expect(assumption.attributes.direction).toBeUndefined();
  });

  it('gives the same picture for the same content, whatever the order of the lists', () => {
    const state = toyState();
    const shuffled = copy(state);
    tree(shuffled).nodes.reverse();
    const a = acceptedViewSvg({ tree: 'current_reality', projection: projected(state) });
    expect(acceptedViewSvg({ tree: 'current_reality', projection: projected(shuffled) })).toBe(a);
  });

  it('keeps every card inside the picture and apart from the others', () => {
    const state = toyState();
    for (let i = 4; i <= 12; i++) {
      tree(state).nodes.push(acceptedNode(`n${i}`, `Claim number ${i} with some words to wrap across a few lines of the card`));
      tree(state).links.push(acceptedLink(`l${i}`, i % 3 === 0 ? [`n${i}`, `n${i - 1}`] : [`n${i}`], `n${Math.floor(i / 2)}`, 'causes'));
    }
    const { root } = read(acceptedViewSvg({ tree: 'current_reality', projection: projected(state) }));
    const [, , width, height] = root.attributes.viewBox!.split(' ').map(Number);
    const cards = findAll(root, (e) => e.attributes.class === 'card');
    expect(cards).toHaveLength(12);
    const offset = findAll(root, (e) => e.name === 'g' && !!e.attributes.transform)[0]!.attributes.transform!.match(/translate\(([-\d.]+),([-\d.]+)\)/)!;
    const rects = cards.map(rectOf).map((r) => ({ ...r, x: r.x + +offset[1]!, y: r.y + +offset[2]! }));
    for (const r of rects) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.y).toBeGreaterThanOrEqual(0);
      expect(r.x + r.width).toBeLessThanOrEqual(width!);
      expect(r.y + r.height).toBeLessThanOrEqual(height!);
    }
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i]!;
        const b = rects[j]!;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart).toBe(true);
      }
    }
  });
});

describe('changeViewSvg', () => {
  it('shows the first change as everything added, by colour and by word', () => {
    const { root, text } = read(changeViewSvg({ tree: 'current_reality', before: EMPTY_TREE, after: projected(toyState()) }));
    expect(marks(root, 'card')).toEqual({ n1: 'added', n2: 'added', n3: 'added' });
    expect(text.match(/ADDED/g)!.length).toBeGreaterThanOrEqual(4);
    expect(text).toContain('First accepted content');
    expect(text).toContain('Current Reality Tree — latest accepted change');
  });

  it('a reworded node shows its previous and current wording, with its neighbour as context and nothing else', () => {
    const before = toyState();
    const after = copy(before);
    node(after, 'n1').text = 'The study reports a 13% productivity gain.';
    const { root, text } = read(changeViewSvg({ tree: 'current_reality', before: projected(before), after: projected(after) }));
    expect(marks(root, 'card')).toEqual({ n1: 'changed', n2: 'context' });
    expect(marks(root, 'link-label')).toEqual({ l1: 'context' });
    expect(text).toContain('The study reports a 13% productivity gain.');
    expect(text).toContain('PREVIOUSLY 13% productivity gain for remote workers');
    expect(text).toContain('CHANGED');
    expect(text).toContain('CONTEXT');
    expect(text).not.toContain('solo call-handling');
  });

  it('a changed AND link shows its old and its new connection', () => {
    const before = toyState();
    const after = copy(before);
    link(after, 'l1').from = ['n2', 'n3'];
    const { root, text } = read(changeViewSvg({ tree: 'current_reality', before: projected(before), after: projected(after) }));
    expect(text).toContain('CHANGED · OLD limits scope');
    expect(text).toContain('CHANGED · NEW limits scope');
    expect(findAll(root, (e) => e.attributes.class === 'junction')).toHaveLength(1);
    expect(text).toContain('Study covers call centre workers only');
    expect(text).toContain('Gain was on solo call-handling tasks specifically');
    const old = findAll(root, (e) => e.attributes.class === 'link' && e.attributes['stroke-dasharray'] !== undefined);
    expect(old.length).toBeGreaterThanOrEqual(1);
  });

  it('a link whose relation changed keeps one connection and says what it was', () => {
    const before = toyState();
    const after = copy(before);
    link(after, 'l1').relation = 'causes';
    const { text } = read(changeViewSvg({ tree: 'current_reality', before: projected(before), after: projected(after) }));
    expect(text).toContain('CHANGED causes (was: limits scope)');
  });

  it('an assumption added to a link is listed with what it replaced', () => {
    const before = toyState();
    const after = copy(before);
    link(after, 'l1').assumptions = [{ text: 'Scope limits transfer.', by: 'bob' }];
    const { text } = read(changeViewSvg({ tree: 'current_reality', before: projected(before), after: projected(after) }));
    expect(text).toContain('Now assumes: Scope limits transfer.');
    expect(text).toContain('Previously: no assumptions');
  });

  it('loss of acceptance shows the last accepted content as removed, never the newer wording', () => {
    const before = toyState();
    const after = copy(before);
    Object.assign(node(after, 'n1'), { status: 'disputed', text: 'UNACCEPTED REPLACEMENT' });
    link(after, 'l1').status = 'proposed';
    const { root, text } = read(changeViewSvg({ tree: 'current_reality', before: projected(before), after: projected(after) }));
    expect(marks(root, 'card')).toEqual({ n1: 'removed', n2: 'context' });
    expect(text).toContain('REMOVED');
    expect(text).toContain('13% productivity gain for remote workers');
    expect(text).not.toContain('UNACCEPTED REPLACEMENT');
  });

  it('removing everything draws every item as removed', () => {
    const { root, text } = read(changeViewSvg({ tree: 'current_reality', before: projected(toyState()), after: EMPTY_TREE }));
    expect(marks(root, 'card')).toEqual({ n1: 'removed', n2: 'removed', n3: 'removed' });
    expect(text).toContain('Everything accepted in this tree was removed');
  });

  it('has a legend naming all four marks in words', () => {
    const { text } = read(changeViewSvg({ tree: 'goal', before: EMPTY_TREE, after: projected(toyState()) }));
    for (const word of ['ADDED', 'CHANGED', 'REMOVED', 'CONTEXT']) expect(text).toContain(word);
  });
});

describe('htmlPage', () => {
  it('wraps the SVG in a standalone page that loads nothing', () => {
    const svg = acceptedViewSvg({ tree: 'goal', projection: projected(toyState()) });
    const page = htmlPage(svg, 'Goal <Tree> & "co"');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain(svg.trim());
    expect(page).toContain('<title>Goal &lt;Tree&gt; &amp; &quot;co&quot;</title>');
    expect(page).toContain("default-src 'none'");
    expect(page).not.toMatch(/<script|<link|<img|<iframe|@import|src=/i);
    // The only URL-like text is the SVG namespace, which is a name, not a request.
    expect(page.match(/https?:\/\/[^\s"']+/g)).toEqual(['http://www.w3.org/2000/svg']);
    expect(page.match(/url\(([^)]*)\)/g)!.every((u) => u.startsWith('url(#'))).toBe(true);
  });
});
