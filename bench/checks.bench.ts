// The reasoning checks' cost beside validation, on a generated 5,000-node working file: what the
// editor adds on an edit of a large file (after a pause) and what `causeway check` adds to a load.
// Medians of interleaved rounds, shown as ratios to validateData in the same run.
//
//   npm run bench checks             5 rounds
//   npm run bench checks -- quick    1 round
import { openWorkingFile, readTrees, validateData } from '../src/format';
import { runChecks } from '../src/reasoning';
import { generateWorkingFile } from './generate-working-file';
import { timeInRounds } from './lib/rounds';

const NODES = 5000;

export async function run(): Promise<void> {
  const rounds = process.argv.includes('quick') ? 1 : 5;
  const data = openWorkingFile(generateWorkingFile(NODES)).data;
  const trees = readTrees(data);
  const tasks: [string, () => unknown][] = [
    ['validateData (baseline)', () => validateData(data)],
    ['read trees', () => readTrees(data)],
    ['run every check', () => runChecks(data, trees)],
  ];
  const times = timeInRounds(tasks, rounds);
  const baseline = times.get(tasks[0][0])!;
  const findings = runChecks(data, trees).findings.length;
  console.log(`${NODES} nodes, ${findings} findings; median of ${rounds} round${rounds === 1 ? '' : 's'}`);
  console.log(`${'task'.padEnd(26)}${'ms'.padStart(8)}${'× validate'.padStart(12)}`);
  for (const [name] of tasks) {
    const ms = times.get(name)!;
    console.log(`${name.padEnd(26)}${ms.toFixed(0).padStart(8)}${(ms / baseline).toFixed(2).padStart(12)}`);
  }
}
