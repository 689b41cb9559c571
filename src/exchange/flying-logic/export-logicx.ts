// A working file → Flying Logic (`.logicx`), in the shape the desktop app saves: each tree a
// group of its entities and junctors, each node an entity of its kind's class, each AND link a
// junctor with an AND operator, every other link an edge. What Flying Logic has no place for
// (status, endorsement, credit, assumptions, challenges, traces, relations, backlog,
// participants) travels in `causeway` attributes, which Flying Logic keeps and Causeway reads
// back, so working file → .logicx → working file loses nothing.
import { TREE_KEYS, TREE_NAMES, isObject, type Json, type Link, type Node, type TreeKey } from '../../format';
import { sha256Hex } from '../sha256';
import { classForKind } from './classes';
import { CAUSEWAY_ID, CAUSEWAY_RECORD, CAUSEWAY_TREE } from './import-logicx';
import { xmlText } from './xml';

export interface LogicxExportOptions {
  fileName: string;
}

const STRING = 'java.lang.String';

function attribute(key: string, value: string, cls = STRING): string {
  return `<attribute key="${xmlText(key)}" class="${cls}">${xmlText(value)}</attribute>`;
}

function without<T extends object>(item: T, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !keys.includes(k)));
}

/** A stable uuid for a file: the same file gives the same document id. */
function uuidOf(seed: string): string {
  const hex = sha256Hex(seed);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function exportLogicx(data: Json, options: LogicxExportOptions): string {
  const file = isObject(data) ? data : {};
  const trees = isObject(file.trees) ? file.trees : {};
  const present = TREE_KEYS.filter((key) => isObject(trees[key]));
  let next = 1;
  const vertices: string[] = [];
  const edges: string[] = [];
  const groupLines: string[] = [];
  const treeRecords: Record<string, unknown> = {};

  for (const key of present as TreeKey[]) {
    const tree = trees[key] as Record<string, Json>;
    const nodes = (Array.isArray(tree.nodes) ? tree.nodes : []).filter(isObject) as unknown as Node[];
    const links = (Array.isArray(tree.links) ? tree.links : []).filter(isObject) as unknown as Link[];
    const eidOf = new Map<string, number>();
    const members: number[] = [];
    for (const node of nodes) {
      const eid = next++;
      eidOf.set(node.id, eid);
      members.push(eid);
      const own = without(node, ['id', 'text', 'source']);
      const source = isObject(node.source) && isObject(node.source.flying_logic) ? node.source.flying_logic : undefined;
      const kept = source && isObject(source.attributes) ? source.attributes : {};
      vertices.push(
        `      <vertex eid="${eid}"><attributes>` +
          attribute('type', 'entity') +
          attribute('title', node.text) +
          `<attribute key="entityClass" class="com.flyinglogic.logicgraph.entityclass.EntityClass"><entityClass name="${xmlText(classForKind(node.kind))}"/></attribute>` +
          Object.entries(kept)
            .filter(([, v]) => typeof v === 'string')
            .map(([k, v]) => attribute(k, v as string))
            .join('') +
          attribute(CAUSEWAY_ID, node.id) +
          attribute(CAUSEWAY_RECORD, JSON.stringify(own)) +
          '</attributes></vertex>',
      );
    }
    for (const link of links) {
      const sources = link.from.filter((f) => eidOf.has(f));
      const target = eidOf.get(link.to);
      if (sources.length === 0 || target === undefined) continue;
      const own = JSON.stringify(without(link, ['id', 'from', 'to']));
      if (sources.length === 1) {
        edges.push(`      <edge eid="${next++}" source="${eidOf.get(sources[0]!)}" target="${target}"><attributes>${attribute(CAUSEWAY_ID, link.id)}${attribute(CAUSEWAY_RECORD, own)}</attributes></edge>`);
        continue;
      }
      const junctor = next++;
      members.push(junctor);
      vertices.push(
        `      <vertex eid="${junctor}"><attributes>${attribute('type', 'junctor')}<attribute key="operator" class="com.arciem.graph.operator.Operator"><fuzzyAndOperator/></attribute>${attribute(CAUSEWAY_ID, link.id)}${attribute(CAUSEWAY_RECORD, own)}</attributes></vertex>`,
      );
      for (const source of sources) edges.push(`      <edge eid="${next++}" source="${eidOf.get(source)}" target="${junctor}"/>`);
      edges.push(`      <edge eid="${next++}" source="${junctor}" target="${target}"/>`);
    }
    const group = next++;
    groupLines.push(`      <vertex eid="${group}" grouped="${members.join(' ')}"><attributes>${attribute('type', 'group')}${attribute('title', TREE_NAMES[key])}${attribute(CAUSEWAY_TREE, key)}</attributes></vertex>`);
    treeRecords[key] = without(tree, ['nodes', 'links']);
  }

  const top = without(file, ['trees', 'import_context']);
  const title = typeof file.project === 'string' ? file.project : options.fileName;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<flyingLogic majorversion="5" minorversion="0" uuid="${uuidOf(`${options.fileName}\u0000${title}`)}">`,
    `  <documentInfo title="${xmlText(title)}" author="" comments="${xmlText(`Written by Causeway from ${options.fileName}. The causeway attributes keep status, endorsement, credit, assumptions and backlog.`)}"/>`,
    `  ${attribute(CAUSEWAY_RECORD, JSON.stringify({ file: top, trees: treeRecords }))}`,
    '  <decisionGraph>',
    '    <logicGraph><graph>',
    '    <vertices>',
    ...vertices,
    ...groupLines,
    '    </vertices>',
    '    <edges>',
    ...edges,
    '    </edges>',
    '    </graph></logicGraph>',
    '  </decisionGraph>',
    '</flyingLogic>',
    '',
  ].join('\n');
}
