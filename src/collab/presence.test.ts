// Presence colours: people of one file never share a colour, and every page agrees on each one.
import { describe, expect, it } from 'vitest';
import { PRESENCE_COLOURS, colourOf, stampPresence } from './presence';

describe('presence colours', () => {
  it('gives each of the file’s first ten people a colour of their own, whatever order the list comes in', () => {
    const people = ['tom', 'maya', 'priya', 'assistant', 'dana', 'erin', 'frank', 'gus', 'hal', 'ivy'];
    const colours = people.map((id) => colourOf(id, people));
    expect(new Set(colours).size).toBe(people.length);
    expect(people.map((id) => colourOf(id, [...people].reverse()))).toEqual(colours);
  });

  it('gives someone not among the people a colour from the palette, the same every time, and observers a grey apart from all', () => {
    expect(PRESENCE_COLOURS).toContain(colourOf('zoe', ['tom']));
    expect(colourOf('zoe', ['tom'])).toBe(colourOf('zoe'));
    expect(colourOf('observer:x1', ['tom'])).toBe(colourOf('observer:x2'));
    expect(PRESENCE_COLOURS).not.toContain(colourOf('observer:x1'));
  });

  it('stamps the colour the person has among the file’s people', () => {
    const stamped = stampPresence({ id: 'tom', role: 'participant' }, { selection: ['r1'] }, () => 'Tom', ['maya', 'tom']);
    expect(stamped.user).toEqual({ id: 'tom', name: 'Tom', colour: colourOf('tom', ['tom', 'maya']), role: 'participant' });
    expect(stamped.user.colour).not.toBe(colourOf('maya', ['maya', 'tom']));
  });

  it('names the assistant by the session, with its client, whatever it says of itself', () => {
    const stamped = stampPresence({ id: 'assistant', role: 'assistant', client: 'claude-desktop' }, { editing: 'r4', selection: ['r4'], user: { id: 'maya', name: 'Maya' } }, () => 'Maya', ['maya']);
    expect(stamped).toEqual({ user: { id: 'assistant', name: 'Assistant (claude-desktop)', colour: colourOf('assistant', ['maya']), role: 'assistant' }, selection: ['r4'], editing: 'r4' });
    expect(stampPresence({ id: 'assistant', role: 'assistant' }, {}, () => undefined).user.name).toBe('Assistant');
  });
});
