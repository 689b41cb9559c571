// Random edits on both sides of a merge, made with the editor's own operations from the sample
// files: the merge never throws, gives back the only changed side unchanged, is deterministic,
// keeps every change made here once all conflicts are settled as mine, keeps valid files valid,
// and its text reads back as its data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../model/json';
import { mergeWorkingFiles, mergeWorkingTexts, type MergeSide } from './merge';
import { mergeProse } from './prose';
import { openWorkingFile } from '../text/open';
import { SAMPLES, deepFreeze } from '../fixtures/operation-samples';
import { edited, links, nodes, steps } from '../fixtures/random-edits';
import { errorCodes } from '../fixtures/operation-helpers';
import { saveWorkingFile } from '../text/save';
import type { Json, WorkingFile } from '../model/types';
import { TRACE_FIELDS } from '../model/vocabulary';

const asJson = (file: WorkingFile) => file as unknown as Json;

/** Settles every conflict as `side` until none is left. */
function settleAll(base: WorkingFile, mine: WorkingFile, theirs: WorkingFile, side: MergeSide) {
  const choices = new Map<string, MergeSide>();
  let outcome = mergeWorkingFiles(asJson(base), asJson(mine), asJson(theirs), choices);
  for (let round = 0; round < 4 && outcome.conflicts.length > 0; round++) {
    for (const conflict of outcome.conflicts) choices.set(conflict.id, side);
    outcome = mergeWorkingFiles(asJson(base), asJson(mine), asJson(theirs), choices);
  }
  return { outcome, choices };
}

type Item = Record<string, Json>;

/** Validation errors, an unversioned draft's own notice aside. */
const errors = (file: WorkingFile) => errorCodes(file).filter((code) => code !== 'unversioned-draft');
const valid = (file: WorkingFile) => errors(file).length === 0;

function itemsById(file: WorkingFile): Map<string, Item> {
  const found = new Map<string, Item>();
  for (const item of [...nodes(file), ...links(file)]) if (!found.has(item.id)) found.set(item.id, item as unknown as Item);
  return found;
}

/**
 * Every field of a node or link that `side` changed from `base` has that side's value in the
 * merge (the editor's new items may have new ids; a link or node the merge returned to
 * proposed under FORMAT.md §6 has that status instead).
 */
function expectChangesKept(base: WorkingFile, side: WorkingFile, outcome: ReturnType<typeof mergeWorkingFiles>): void {
  const renamed = new Map(outcome.renamed.map((r) => [r.from, r.to]));
  const follow = (value: Json | undefined): Json | undefined =>
    typeof value === 'string' ? (renamed.get(value) ?? value) : Array.isArray(value) ? value.map((v) => follow(v)!) : value;
  const returned = new Set(outcome.notes.flatMap((note) => /^(?:Link|Node) (\S+) returned to proposed/.exec(note)?.[1] ?? []));
  const before = itemsById(base);
  const after = itemsById(outcome.data as unknown as WorkingFile);
  for (const [id, item] of itemsById(side)) {
    if (deepEqual(item, before.get(id))) continue; // unchanged on this side: the other may remove it
    const old = before.get(id) ?? {};
    const now = after.get(renamed.get(id) ?? id);
    expect(now, `item ${id}`).toBeDefined();
    for (const key of new Set([...Object.keys(item), ...Object.keys(old)])) {
      if (deepEqual(item[key], old[key])) continue;
      if (key === 'status' && returned.has(renamed.get(id) ?? id)) continue;
      const wanted = key === 'id' || key === 'from' || key === 'to' || (TRACE_FIELDS as readonly string[]).includes(key) ? follow(item[key]) : item[key];
      expect(now![key], `${id}.${key}`).toEqual(wanted);
    }
  }
}

const SAMPLE_NAMES = ['seed', 'workshop', 'draft'] as const;
// A deeper search: MERGE_PROPERTY_RUNS=3000 npx vitest run src/format/merge.property.test.ts
const RUNS = Number(process.env.MERGE_PROPERTY_RUNS ?? 100);
const TIMEOUT = Math.max(30_000, RUNS * 100);

describe('merging random edits made on both sides', () => {
  it('never throws, returns a side unchanged when only it changed, is deterministic, and settled as theirs keeps every change made on disk', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SAMPLE_NAMES), steps, steps, (name, mineSteps, theirsSteps) => {
        const base = deepFreeze(openWorkingFile(SAMPLES[name]).data) as unknown as WorkingFile;
        const mine = edited(base, mineSteps);
        const theirs = edited(base, theirsSteps);
        for (const x of [mine, theirs]) {
          expect(mergeWorkingFiles(asJson(base), asJson(x), asJson(base)).data).toEqual(x);
          expect(mergeWorkingFiles(asJson(base), asJson(base), asJson(x)).data).toEqual(x);
          expect(mergeWorkingFiles(asJson(base), asJson(x), asJson(x)).data).toEqual(x);
        }
        const first = mergeWorkingFiles(asJson(base), asJson(mine), asJson(theirs));
        expect(mergeWorkingFiles(asJson(base), asJson(mine), asJson(theirs))).toEqual(first);
        const withChoices = settleAll(base, mine, theirs, 'theirs');
        expect(withChoices.outcome.conflicts).toEqual([]);
        if (valid(base) && valid(mine) && valid(theirs)) expect(errors(withChoices.outcome.data as unknown as WorkingFile)).toEqual([]);
        // Settled as theirs, every change made on disk is kept (theirs' items are never renamed).
        expectChangesKept(base, theirs, { ...withChoices.outcome, renamed: [] });
        expect(mergeWorkingFiles(asJson(base), asJson(mine), asJson(theirs), withChoices.choices)).toEqual(withChoices.outcome);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('with every conflict settled as mine, keeps each field changed here, keeps valid files valid, and writes text that reads back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SAMPLE_NAMES), steps, steps, (name, mineSteps, theirsSteps) => {
        const baseText = SAMPLES[name];
        const base = deepFreeze(openWorkingFile(baseText).data) as unknown as WorkingFile;
        const mine = edited(base, mineSteps);
        const theirs = edited(base, theirsSteps);
        const { outcome, choices } = settleAll(base, mine, theirs, 'mine');
        expect(outcome.conflicts).toEqual([]);
        const merged = outcome.data as unknown as WorkingFile;

        // Every field of a node or link changed here has my value (my new items may have new ids).
        expectChangesKept(base, mine, outcome);
        for (const [id, nameHere] of Object.entries(mine.participants)) {
          if (nameHere !== base.participants[id]) expect(merged.participants[id]).toBe(nameHere);
        }
        for (const key of ['project', 'driver', 'active_tree', 'schema_version'] as const) {
          if (mine[key] !== base[key]) expect(merged[key]).toBe(mine[key]);
        }

        // Valid in, valid out.
        if (valid(base) && valid(mine) && valid(theirs)) expect(errors(merged)).toEqual([]);

        // The text merge gives the same data, written onto the text on disk.
        const theirsText = saveWorkingFile(openWorkingFile(baseText).source, asJson(theirs));
        const texts = mergeWorkingTexts(baseText, asJson(mine), theirsText, choices);
        expect(texts.theirsProblem).toBeUndefined();
        expect(texts.data).toEqual(outcome.data);
        expect(openWorkingFile(texts.text!).data).toEqual(outcome.data);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);
});

describe('two edits to different words of one text (issue 24)', () => {
  const word = fc.stringMatching(/^[a-zA-Zé🙂]{1,6}$/u);
  it('always merge to the text with both edits', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 4, maxLength: 14 }),
        fc.nat(),
        fc.nat(),
        word,
        word,
        (words, at1, at2, mineWord, theirsWord) => {
          // mine replaces a word in the first half, theirs one in the second: an unchanged word between
          const half = Math.floor(words.length / 2);
          const i = at1 % (half - 1);
          const j = half + 1 + (at2 % (words.length - half - 1));
          const replaced = (text: string[], at: number, by: string) => text.map((w, k) => (k === at ? `${by}X` : w));
          const base = words.join(' ');
          const mine = replaced(words, i, mineWord);
          const theirs = replaced(words, j, theirsWord);
          const merged = mergeProse(base, mine.join(' '), theirs.join(' '));
          expect(merged).toBe(replaced(mine, j, theirsWord).join(' '));
          expect(merged).toContain(`${mineWord}X`);
          expect(merged).toContain(`${theirsWord}X`);
        },
      ),
    );
  });
});
