// The driver's page tells the session what it presents to everyone: each tree and step while it
// leads, null when it stops leading or leaves, nothing at all while it presents alone; and again
// after the live channel is back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientMessage } from '../../protocol/workspace-protocol';
import { usePresentation } from '../presentation-store';
import { startLivePresentation } from './live-presentation';

let sent: ClientMessage[] = [];
let online = true;
let stop: () => void = () => undefined;

beforeEach(() => {
  usePresentation.setState({ active: false, tree: null, step: 0, role: 'alone', led: null, following: true });
  sent = [];
  online = true;
});
afterEach(() => stop());

function start() {
  const running = startLivePresentation((message) => (online ? (sent.push(message), true) : false));
  stop = running.stop;
  return running;
}

describe('the driver’s page leading the presentation', () => {
  it('sends nothing while presenting alone; each step while leading; null when it ends', () => {
    start();
    const state = usePresentation.getState;
    state().start('current_reality');
    state().go(1);
    expect(sent).toEqual([]);
    state().lead(true);
    state().go(2);
    state().go(2);
    state().lead(false);
    state().lead(true);
    state().stop();
    expect(sent).toEqual([
      { type: 'present', presenting: { tree: 'current_reality', step: 1 } },
      { type: 'present', presenting: { tree: 'current_reality', step: 2 } },
      { type: 'present', presenting: null },
      { type: 'present', presenting: { tree: 'current_reality', step: 2 } },
      { type: 'present', presenting: null },
    ]);
  });

  it('tells the session again once the channel is back', () => {
    const running = start();
    const state = usePresentation.getState;
    state().start('current_reality', 0, true);
    online = false;
    state().go(3);
    online = true;
    running.reconnected();
    expect(sent).toEqual([
      { type: 'present', presenting: { tree: 'current_reality', step: 0 } },
      { type: 'present', presenting: { tree: 'current_reality', step: 3 } },
    ]);
    // Back while nothing is led: nothing to say.
    state().stop();
    sent = [];
    running.reconnected();
    expect(sent).toEqual([]);
  });
});
