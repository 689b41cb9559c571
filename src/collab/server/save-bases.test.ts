// A burst of saves (people typing) starts from one parsed text: the file is parsed once, not at
// every save, and every text written reads back as what was saved, comments kept.
import { describe, expect, it } from 'vitest';
import * as ops from '../../format';
import { openWorkingFile, parseSource, type Json, type WorkingFile } from '../../format';
import { SAMPLES } from '../../format/fixtures';
import { SaveBases } from './save-bases';

const TEXT = `# The team's plan, kept by hand.\n${SAMPLES.workshop}`;

function retyped(text: string, statement: string): Json {
  const file = openWorkingFile(text).data as unknown as WorkingFile;
  const result = ops.updateNode(file, file.trees.current_reality!.nodes[0]!.id, { text: statement });
  if (!result.ok) throw new Error(result.reason);
  return result.file as unknown as Json;
}

function counting(): { bases: SaveBases; parsed: string[] } {
  const parsed: string[] = [];
  return { bases: new SaveBases((text) => (parsed.push(text), parseSource(text))), parsed };
}

describe('the texts the file bridge saves from', () => {
  it('parses the file once for a burst of saves, each from the text the last one wrote', () => {
    const { bases, parsed } = counting();
    let text = TEXT;
    for (const statement of ['T', 'Ty', 'Typ', 'Typed by the group.', 'Typed by the group, again.']) {
      const data = retyped(text, statement);
      text = bases.save(text, data);
      expect(openWorkingFile(text).data).toEqual(data);
      expect(text).toContain("# The team's plan, kept by hand.");
    }
    expect(parsed).toEqual([TEXT]);
  });

  it('after a pause starts from the text last written; a text from elsewhere is parsed anew', () => {
    const { bases, parsed } = counting();
    const first = bases.save(TEXT, retyped(TEXT, 'Before the pause.'));
    bases.settle();
    const second = bases.save(first, retyped(first, 'After the pause.'));
    expect(openWorkingFile(second).data).toEqual(retyped(first, 'After the pause.'));
    // The text written before the pause was read when it was saved (checked against the data): not parsed again.
    expect(parsed).toEqual([TEXT]);
    const onDisk = `${TEXT}\n# A line added by hand.\n`;
    bases.prepare(onDisk);
    const third = bases.save(onDisk, retyped(onDisk, 'After the merge.'));
    expect(third).toContain('# A line added by hand.');
    expect(parsed).toEqual([TEXT, onDisk]);
  });

  it('asks for a new base after many saves from one, without a pause', () => {
    const { bases, parsed } = counting();
    let text = TEXT;
    let saves = 0;
    while (!bases.stale) {
      text = bases.save(text, retyped(text, `Keystroke ${++saves}.`));
      expect(saves).toBeLessThan(100);
    }
    bases.settle();
    expect(bases.stale).toBe(false);
    const next = bases.save(text, retyped(text, 'After the new base.'));
    expect(openWorkingFile(next).data).toEqual(retyped(text, 'After the new base.'));
    expect(parsed).toEqual([TEXT]); // the new base is the last save's reading of its text (its Document built on settling)
  });

  it('forgets what it kept when a save fails, and saves again from a fresh parse', () => {
    const { bases, parsed } = counting();
    const first = bases.save(TEXT, retyped(TEXT, 'One.'));
    const endless: { [key: string]: unknown } = { schema_version: 1 };
    endless.self = endless; // no text can hold it
    expect(() => bases.save(first, endless as Json)).toThrow();
    const second = bases.save(first, retyped(first, 'Two.'));
    expect(openWorkingFile(second).data).toEqual(retyped(first, 'Two.'));
    expect(parsed).toEqual([TEXT, first]);
  });
});
