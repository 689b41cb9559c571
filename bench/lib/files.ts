// The generated working files the rows measure, written once per run into a temporary folder.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomTree } from '../../src/layout/random-tree';
import { generateWorkingFile } from '../generate-working-file';

export const BENCH_DIR = mkdtempSync(join(tmpdir(), 'causeway-bench-'));
const written = new Map<number, { path: string; text: string }>();

/** A generated file of `nodes` nodes (six trees, the usual shapes), written once. */
export function workingFile(nodes: number): { path: string; text: string } {
  let file = written.get(nodes);
  if (!file) {
    file = { path: join(BENCH_DIR, `generated-${nodes}.yaml`), text: generateWorkingFile(nodes) };
    writeFileSync(file.path, file.text);
    written.set(nodes, file);
  }
  return file;
}

/** About 19 MB: the size of the "19 MB file" (38,000 generated nodes). */
export const NODES_19_MB = 38_000;

/** A valid file holding one current-reality tree of `count` nodes, shaped by the layout's generator. */
export function oneTreeFile(count: number): string {
  const input = randomTree('current_reality', count, 7, { cycles: false, dangling: false });
  const contribution = '{by: alice, attribution: explicit, mode: text}';
  const lines = ['schema_version: 1', 'driver: alice', 'participants: {alice: Alice}', 'active_tree: current_reality', 'trees:', '  current_reality:', '    nodes:'];
  input.nodes.forEach((node, i) => {
    const kind = node.kind === 'undesirable_effect' || node.kind === 'cause' ? node.kind : 'cause';
    lines.push(`      - {id: ${node.id}, kind: ${kind}, text: "Statement ${i + 1}, long enough to wrap onto a second line of the card.", status: proposed, contributions: [${contribution}]}`);
  });
  lines.push('    links:');
  for (const link of input.links) lines.push(`      - {id: ${link.id}, from: [${[...new Set(link.from)].join(', ')}], to: ${link.to}, relation: causes, status: proposed, contributions: [${contribution}]}`);
  lines.push('    backlog: []', '');
  return lines.join('\n');
}
