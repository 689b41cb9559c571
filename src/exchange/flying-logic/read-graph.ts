// A Flying Logic document's graph, read from either shape found in the wild: the nested one the
// desktop app saves (decisionGraph > logicGraph > graph, an <attributes> list per element, the
// entity class as a child <entityClass name="…"/>) and the flat one scripts write (vertices and
// edges right under decisionGraph, values as XML attributes).
import { ImportError } from '../import-report';
import { describeElement, type XmlElement } from './xml';

export interface FlAttribute {
  key: string;
  text: string;
  /** The first element inside the attribute (an entityClass reference, an operator). */
  inner?: XmlElement;
  class?: string;
}

export interface FlVertex {
  eid: string;
  element: XmlElement;
  type: string;
  attributes: Map<string, FlAttribute>;
  title: string;
  entityClass?: string;
  /** Member eids of a group. */
  grouped: string[];
}

export interface FlEdge {
  eid?: string;
  source: string;
  target: string;
  element: XmlElement;
  attributes: Map<string, FlAttribute>;
}

export interface FlGraph {
  root: XmlElement;
  title?: string;
  author?: string;
  comments?: string;
  rootAttributes: Map<string, FlAttribute>;
  vertices: FlVertex[];
  edges: FlEdge[];
}

function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

function descendant(element: XmlElement, name: string): XmlElement | undefined {
  for (const child of element.children) {
    if (child.name === name) return child;
    const deeper = descendant(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

export function readAttributes(element: XmlElement): Map<string, FlAttribute> {
  const host = childNamed(element, 'attributes') ?? element;
  const map = new Map<string, FlAttribute>();
  for (const child of host.children) {
    if (child.name !== 'attribute' || !child.attributes.key) continue;
    map.set(child.attributes.key, { key: child.attributes.key, text: child.text, ...(child.children[0] ? { inner: child.children[0] } : {}), ...(child.attributes.class ? { class: child.attributes.class } : {}) });
  }
  return map;
}

export function readGraph(root: XmlElement): FlGraph {
  if (root.name !== 'flyingLogic') throw new ImportError(`the root element is <${root.name}>, not <flyingLogic>: this is not a Flying Logic document.`, describeElement(root));
  const decision = childNamed(root, 'decisionGraph');
  if (!decision) throw new ImportError('the document has no <decisionGraph>, so there is no diagram to import.', describeElement(root, ['majorversion', 'majorVersion']));
  const info = childNamed(root, 'documentInfo');
  const rootAttributes = readAttributes(root);
  const verticesElement = descendant(decision, 'vertices');
  const edgesElement = descendant(decision, 'edges');
  const vertices: FlVertex[] = [];
  const seen = new Set<string>();
  for (const element of verticesElement?.children ?? []) {
    if (element.name !== 'vertex') continue;
    const eid = element.attributes.eid;
    if (!eid) throw new ImportError('a vertex has no eid, so edges cannot refer to it.', describeElement(element, ['type']));
    if (seen.has(eid)) throw new ImportError(`eid ${eid} is used by two vertices.`, describeElement(element));
    seen.add(eid);
    const attributes = readAttributes(element);
    const classAttribute = attributes.get('entityClass');
    const entityClass = element.attributes.entityClass ?? classAttribute?.inner?.attributes.name ?? (classAttribute?.text || undefined);
    const grouped = (element.attributes.grouped ?? attributes.get('grouped')?.text ?? '').split(/[\s,]+/).filter(Boolean);
    const type = element.attributes.type ?? attributes.get('type')?.text ?? (grouped.length > 0 ? 'group' : 'entity');
    vertices.push({ eid, element, type, attributes, title: attributes.get('title')?.text ?? element.attributes.title ?? '', ...(entityClass ? { entityClass } : {}), grouped });
  }
  const edges: FlEdge[] = [];
  for (const element of edgesElement?.children ?? []) {
    if (element.name !== 'edge') continue;
    const { source, target } = element.attributes;
    if (!source || !target) throw new ImportError('an edge needs a source and a target.', describeElement(element, ['eid', 'source', 'target']));
    edges.push({ ...(element.attributes.eid ? { eid: element.attributes.eid } : {}), source, target, element, attributes: readAttributes(element) });
  }
  return {
    root,
    ...(info?.attributes.title || rootAttributes.get('title')?.text ? { title: info?.attributes.title || rootAttributes.get('title')!.text } : {}),
    ...(info?.attributes.author ? { author: info.attributes.author } : {}),
    ...(info?.attributes.comments ? { comments: info.attributes.comments } : {}),
    rootAttributes,
    vertices,
    edges,
  };
}

/** AND, OR, XOR, or the operator's own name, of a junctor; undefined when it names none. */
export function junctorOperator(vertex: FlVertex): string | undefined {
  const attribute = vertex.attributes.get('operator');
  const named = (attribute?.inner?.name ?? attribute?.text ?? vertex.element.attributes.operator ?? '').trim();
  if (named === '') return undefined;
  const word = named.toLowerCase().replace(/[^a-z]/g, '').replace(/operator$/, '').replace(/^fuzzy/, '');
  if (word === 'xor' || word === 'exclusiveor') return 'XOR';
  if (word === 'and' || word === 'min' || word === 'minimum') return 'AND';
  if (word === 'or' || word === 'max' || word === 'maximum') return 'OR';
  return named;
}
