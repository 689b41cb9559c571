// The generated working files the rows measure, written once per run into a temporary folder.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
