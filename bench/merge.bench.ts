// The three-way merge on generated working files of 1,000 and 5,000 nodes: the editor changed
// 1% of the nodes and added some, the file on disk changed another 1%, removed a few nodes (with
// their links and backlog work) and added its own. Shown as ratios to `YAML.parse` of the same
// text in the same run, and as the 5,000-node time over the 1,000-node time (5 means linear).
//
//   npm run bench merge             5 rounds
//   npm run bench merge -- quick    1 round
import YAML from 'yaml';
import { mergeWorkingFiles, mergeWorkingTexts, openWorkingFile, saveWorkingFile, type Json, type WorkingFile } from '../src/format';
import * as ops from '../src/format/operations';
import { generateWorkingFile } from './generate-working-file';
import { timeInRounds } from './lib/rounds';

interface Case {
  text: string;
  base: Json;
  mine: Json;
  theirs: Json;
  theirsText: string;
}

function prepare(nodes: number): Case {
  const text = generateWorkingFile(nodes);
  const opened = openWorkingFile(text);
  const base = opened.data as unknown as WorkingFile;
  const ids = Object.values(base.trees).flatMap((tree) => tree!.nodes.map((node) => node.id));
  const step = 100;
  let mine = base;
  let theirs = base;
  for (let i = 0; i < ids.length; i += step) {
    const mineEdit = ops.updateNode(mine, ids[i], { text: `Edited in the editor ${i}.` });
    if (mineEdit.ok) mine = mineEdit.file;
    const theirsEdit = ops.updateNode(theirs, ids[i + step / 2], { text: `Edited on disk ${i}.` });
    if (theirsEdit.ok) theirs = theirsEdit.file;
  }
  for (let i = 0; i < 5; i++) {
    const added = ops.addNode(mine, 'current_reality', { kind: 'cause', text: `Added in the editor ${i}.` });
    if (added.ok) mine = added.file;
    const addedThere = ops.addNode(theirs, 'goal', { kind: 'goal', text: `Added on disk ${i}.` });
    if (addedThere.ok) theirs = addedThere.file;
    const removed = ops.removeNode(theirs, ids[ids.length - 1 - i * 7]);
    if (removed.ok) theirs = removed.file;
  }
  const theirsText = saveWorkingFile(opened.source, theirs as unknown as Json);
  const outcome = mergeWorkingTexts(text, mine as unknown as Json, theirsText);
  if (outcome.conflicts.length > 0 || outcome.text === undefined) throw new Error(`the benchmark's merge has conflicts: ${outcome.conflicts[0]?.message}`);
  return { text, base: base as unknown as Json, mine: mine as unknown as Json, theirs: theirs as unknown as Json, theirsText };
}

export async function run(): Promise<void> {
  const quick = process.argv.includes('quick');
  const rounds = quick ? 1 : 5;
  const cases = new Map([1000, 5000].map((n) => [n, prepare(n)]));
  const tasks: [string, () => unknown][] = [];
  for (const [n, c] of cases) {
    tasks.push([`${n}: YAML.parse (baseline)`, () => YAML.parse(c.text)]);
    tasks.push([`${n}: merge data`, () => mergeWorkingFiles(c.base, c.mine, c.theirs)]);
    tasks.push([`${n}: merge texts`, () => mergeWorkingTexts(c.text, c.mine, c.theirsText)]);
  }
  const times = timeInRounds(tasks, rounds);
  const ms = (name: string) => times.get(name)!;
  console.log(`median of ${rounds} round${rounds === 1 ? '' : 's'}; "merge texts" parses base and disk texts, merges, and splices the result into the text on disk`);
  console.log(`${'task'.padEnd(30)}${'ms'.padStart(8)}${'× parse'.padStart(10)}`);
  for (const [name] of tasks) {
    const n = name.split(':')[0];
    console.log(`${name.padEnd(30)}${ms(name).toFixed(0).padStart(8)}${(ms(name) / ms(`${n}: YAML.parse (baseline)`)).toFixed(2).padStart(10)}`);
  }
  for (const task of ['merge data', 'merge texts']) {
    console.log(`${task}: 5,000 nodes take ${(ms(`5000: ${task}`) / ms(`1000: ${task}`)).toFixed(1)}× the time of 1,000 (5 would be linear)`);
  }
}
