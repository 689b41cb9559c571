// Whose presentation a page shows: its own, the one its driver leads for everyone, or the driver's
// it follows in a group session, until the person stops following; and it ends everywhere with
// the driver's.
import { beforeEach, describe, expect, it } from 'vitest';
import { usePresentation } from './presentation-store';

const dana = (step: number) => ({ tree: 'current_reality' as const, step, by: 'Dana' });

beforeEach(() => usePresentation.setState({ active: false, tree: null, step: 0, role: 'alone', led: null, following: true }));

describe('following the driver’s presentation', () => {
  it('shows the driver’s tree and step as they change, and does not step on its own', () => {
    const state = usePresentation.getState;
    state().hear(dana(0));
    expect(state()).toMatchObject({ active: true, tree: 'current_reality', step: 0, role: 'following' });
    state().hear(dana(3));
    expect(state().step).toBe(3);
    state().go(5);
    expect(state().step).toBe(3);
  });

  it('stops following and leaves the driver’s steps alone; follows again at the step presented now', () => {
    const state = usePresentation.getState;
    state().hear(dana(1));
    state().stop();
    expect(state()).toMatchObject({ active: false, following: false, led: dana(1) });
    state().hear(dana(2));
    expect(state().active).toBe(false);
    // Their own presentation meanwhile is theirs: the driver's steps do not move it.
    state().start('future_reality', 4);
    state().hear(dana(3));
    expect(state()).toMatchObject({ tree: 'future_reality', step: 4, role: 'alone' });
    state().follow();
    expect(state()).toMatchObject({ active: true, tree: 'current_reality', step: 3, role: 'following', following: true });
  });

  it('ends with the driver’s presentation, and the next one is followed again', () => {
    const state = usePresentation.getState;
    state().hear(dana(2));
    state().hear(null);
    expect(state()).toMatchObject({ active: false, led: null, role: 'alone' });
    state().hear(dana(0));
    state().stop();
    state().hear(null);
    state().hear(dana(0));
    expect(state()).toMatchObject({ active: true, role: 'following' });
  });

  it('leaves a presentation of the person’s own running when the driver’s ends', () => {
    const state = usePresentation.getState;
    state().hear(dana(2));
    state().stop();
    state().start('future_reality', 1);
    state().hear(null);
    expect(state()).toMatchObject({ active: true, tree: 'future_reality', role: 'alone' });
  });
});

describe('leading', () => {
  it('the driver shares a running presentation, or takes it back to this screen', () => {
    const state = usePresentation.getState;
    state().lead(true);
    expect(state().role).toBe('alone'); // nothing runs: nothing to share
    state().start('current_reality', 0, true);
    expect(state().role).toBe('leading');
    state().lead(false);
    expect(state().role).toBe('alone');
    state().lead(true);
    state().stop();
    expect(state()).toMatchObject({ active: false, role: 'alone' });
  });
});
