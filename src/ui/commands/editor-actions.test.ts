import { describe, expect, it } from 'vitest';
import { editorActions, type EditorContext } from './editor-actions';
import { matchesChord } from './keys';

const noop = () => undefined;
const context: EditorContext = {
  trees: [],
  tree: undefined,
  editable: false,
  readOnly: false,
  openFile: noop,
  addNode: noop,
  tidyUp: noop,
  exportSvg: noop,
  exportPng: noop,
  openSnapshot: noop,
  openPalette: noop,
  openHelp: noop,
  showGuide: noop,
};

describe('the editor actions', () => {
  const actions = editorActions(context);

  it('have unique ids, and no key chord runs two actions', () => {
    expect(new Set(actions.map((a) => a.id)).size).toBe(actions.length);
    const chords = actions.flatMap((a) => (a.helpOnly || a.keysElsewhere ? [] : (a.keys ?? []).map((k) => `${k}`)));
    expect(new Set(chords).size).toBe(chords.length);
  });

  it('each key of each action is matched by its own press', () => {
    for (const action of actions) {
      for (const chord of action.helpOnly || action.keysElsewhere ? [] : (action.keys ?? [])) {
        const parts = chord.split('+');
        const key = parts[parts.length - 1];
        const press = { key: key.length === 1 ? key.toLowerCase() : key, code: /^\d$/.test(key) ? `Digit${key}` : undefined, ctrlKey: parts.includes('Ctrl'), metaKey: false, shiftKey: parts.includes('Shift') || key === '?' || key === '+', altKey: false };
        const matching = actions.filter((a) => !a.helpOnly && !a.keysElsewhere && a.keys?.some((k) => matchesChord(k, press)));
        expect(matching.map((a) => a.id), chord).toEqual([action.id]);
      }
    }
  });

  it('say why an action cannot run, instead of running it, when nothing is open', () => {
    expect(actions.find((a) => a.id === 'add-node')?.unavailable).toBe('No file is open.');
    expect(actions.find((a) => a.id === 'accept')?.unavailable).toBeDefined();
    expect(actions.find((a) => a.id === 'tree-goal')?.unavailable).toMatch(/no Goal Tree/);
  });
});
