// The format core's cost beside a bare YAML parse, on a generated 5,000-node working file:
// load + validate (openWorkingFile), save without an edit, and save after one edit (which
// rewrites one line and reads the result back to check it). Each figure is the median of
// interleaved rounds and is shown as a ratio to `YAML.parse` of the same text in the same run,
// because this machine is shared and absolute times drift. Then the same for a file of long
// statements folded at 80 columns (what the yaml package and PyYAML write): opened by the quick
// reader, beside the full parser's route that such a file took before the quick reader read
// folded lines (and which a file it cannot read still takes).
//
//   npm run bench format             5 rounds
//   npm run bench format -- quick    1 round
import YAML from 'yaml';
import { openParsed, openWorkingFile, parseSource, saveWorkingFile, type Json } from '../src/format';
import { generateLongTextFile } from './generate-long-text-file';
import { generateWorkingFile } from './generate-working-file';
import { timeInRounds } from './lib/rounds';

const NODES = 5000;
/** About 260 KB of statements 200 to 2,000 characters long. */
const LONG_TEXT_NODES = 150;

export async function run(): Promise<void> {
  const quick = process.argv.includes('quick');
  const rounds = quick ? 1 : 5;
  const text = generateWorkingFile(NODES);
  const opened = openWorkingFile(text);
  if (!opened.valid) throw new Error(`the generated file is invalid: ${opened.diagnostics[0]?.message}`);

  const edited = structuredClone(opened.data) as { trees: { current_reality: { nodes: { text: string }[] } } };
  edited.trees.current_reality.nodes[10].text = 'Edited once by the benchmark.';
  const savedEdit = saveWorkingFile(opened.source, edited as unknown as Json);
  const changed = text.split('\n').filter((line, i) => savedEdit.split('\n')[i] !== line).length;
  if (JSON.stringify(openWorkingFile(savedEdit).data) !== JSON.stringify(edited) || changed !== 1) {
    throw new Error(`saving one edit changed ${changed} lines or lost data`);
  }

  const tasks: [string, () => unknown][] = [
    ['YAML.parse (baseline)', () => YAML.parse(text)],
    ['load + validate', () => openWorkingFile(text)],
    ['save without an edit', () => saveWorkingFile(opened.source, structuredClone(opened.data)!)],
    ['save after one edit', () => saveWorkingFile(opened.source, edited as unknown as Json)],
  ];
  const times = timeInRounds(tasks, rounds);

  const baseline = times.get(tasks[0][0])!;
  console.log(`${NODES} nodes, ${(text.length / 1048576).toFixed(1)} MB, ${text.split('\n').length} lines; median of ${rounds} round${rounds === 1 ? '' : 's'}`);
  console.log(`${'task'.padEnd(24)}${'ms'.padStart(8)}${'× parse'.padStart(10)}`);
  for (const [name] of tasks) {
    const ms = times.get(name)!;
    console.log(`${name.padEnd(24)}${ms.toFixed(0).padStart(8)}${(ms / baseline).toFixed(2).padStart(10)}`);
  }
  console.log(`(save without an edit includes an equal copy of the data; save after one edit changed ${changed} line)`);

  const long = generateLongTextFile(LONG_TEXT_NODES);
  const openedLong = openWorkingFile(long);
  if (!openedLong.valid || openedLong.source.route !== 'quick') throw new Error('the long-text file is invalid or not read by the quick reader');
  const longTasks: [string, () => unknown][] = [
    ['YAML.parse (baseline)', () => YAML.parse(long)],
    ['load + validate', () => openWorkingFile(long)],
    ['full parser route', () => openParsed(parseSource(long, { fast: false }))],
  ];
  const longTimes = timeInRounds(longTasks, rounds * 4);
  const longBaseline = longTimes.get(longTasks[0][0])!;
  console.log(`\nlong folded statements: ${LONG_TEXT_NODES} nodes, ${(long.length / 1024).toFixed(0)} KB, ${long.split('\n').length} lines; median of ${rounds * 4} rounds`);
  console.log(`${'task'.padEnd(24)}${'ms'.padStart(8)}${'× parse'.padStart(10)}`);
  for (const [name] of longTasks) {
    const ms = longTimes.get(name)!;
    console.log(`${name.padEnd(24)}${ms.toFixed(0).padStart(8)}${(ms / longBaseline).toFixed(2).padStart(10)}`);
  }
}
