// Two people typing at the very same place in one statement, each on their own copy of the
// session's document, their keystrokes crossing: each keeps their caret by what Yjs did to the
// text (placeThroughDelta), so each one's words stay whole, the space they began with included.
// Comparing the texts instead (placeAfterEdit) cannot tell whose space is whose.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { placeAfterEdit, placeThroughDelta, type TextDelta } from '../format';

interface Typist {
  doc: Y.Doc;
  text: Y.Text;
  caret: number;
}

function typist(mapping: 'delta' | 'compare'): Typist {
  const doc = new Y.Doc();
  const text = doc.getText('t');
  const person: Typist = { doc, text, caret: 0 };
  text.observe((event, transaction) => {
    if (transaction.local) return;
    const before = mapping === 'compare' ? textBefore(event.delta as TextDelta, text.toString()) : '';
    person.caret = mapping === 'delta' ? placeThroughDelta(person.caret, event.delta as TextDelta) : placeAfterEdit(before, text.toString(), person.caret);
  });
  return person;
}

/** The text before a delta, from the text after it (the delta here only inserts). */
function textBefore(delta: TextDelta, after: string): string {
  let at = 0;
  let before = '';
  for (const op of delta) {
    if (op.retain !== undefined) {
      before += after.slice(at, at + op.retain);
      at += op.retain;
    } else if (typeof op.insert === 'string') at += op.insert.length;
  }
  return before + after.slice(at);
}

/** Both type their words a key at a time; `order` says who presses next and when the copies meet. */
function typeTogether(words: [string, string], order: number[], mapping: 'delta' | 'compare'): string {
  const start = 'Quotes are slow.';
  const seed = new Y.Doc();
  seed.getText('t').insert(0, start);
  const people = [typist(mapping), typist(mapping)];
  for (const person of people) {
    Y.applyUpdate(person.doc, Y.encodeStateAsUpdate(seed));
    person.caret = start.length; // at the end of the statement
  }
  const typed = [0, 0];
  const sync = () => {
    for (const [from, to] of [[0, 1], [1, 0]] as const) Y.applyUpdate(people[to]!.doc, Y.encodeStateAsUpdate(people[from]!.doc, Y.encodeStateVector(people[to]!.doc)));
  };
  const press = (who: number) => {
    const person = people[who]!;
    if (typed[who]! >= words[who]!.length) return;
    person.text.insert(person.caret, words[who]![typed[who]!]!);
    person.caret++;
    typed[who]!++;
  };
  for (const step of order) {
    if (step === 2) sync();
    else press(step);
  }
  while (typed[0]! < words[0].length || typed[1]! < words[1].length) {
    press(0);
    press(1);
    sync();
  }
  sync();
  expect(people[0]!.text.toString()).toBe(people[1]!.text.toString());
  return people[0]!.text.toString();
}

const WORDS: [string, string] = [' Maya adds this', ' and Tom that'];
const whole = (merged: string) => merged.includes(WORDS[0]) && merged.includes(WORDS[1]);

describe('two people typing at one place', () => {
  it('keeps each one’s words whole, with their first space, whatever the timing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 60 }), (order) => {
        expect(whole(typeTogether(WORDS, order, 'delta'))).toBe(true);
      }),
      { numRuns: Number(process.env.FORMAT_PROPERTY_RUNS ?? 300) },
    );
  });

  it('where comparing the texts runs one’s words onto the other’s: both typed a space at once', () => {
    // Each presses space, then the copies meet, then each goes on.
    const order = [0, 1, 2];
    expect(whole(typeTogether(WORDS, order, 'delta'))).toBe(true);
    const outcomes = [typeTogether(WORDS, order, 'compare'), typeTogether(WORDS, order, 'compare'), typeTogether(WORDS, order, 'compare'), typeTogether(WORDS, order, 'compare')];
    expect(outcomes.some((merged) => !whole(merged))).toBe(true);
  });
});
