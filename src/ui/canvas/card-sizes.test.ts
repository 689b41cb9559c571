import { describe, expect, it } from 'vitest';
import { readTrees } from '../../format';
import { buildFlow, type ClaimData } from './build-flow';
import { cardHandles, cardSignature } from './card-sizes';

function cards(text: string, status = 'proposed'): ClaimData[] {
  const node = { id: 'e', kind: 'undesirable_effect', text, status, contributions: [{ by: 'a', attribution: 'explicit', mode: 'text' }] };
  const trees = readTrees({ trees: { current_reality: { nodes: [node], links: [], backlog: [] } } });
  return buildFlow({ tree: trees[0]!, allTrees: trees, displayName: (id) => id, problems: new Map(), positions: undefined, junctions: new Map(), sizes: new Map() }).nodes.flatMap((n) => (n.type === 'claim' ? [n.data] : []));
}

describe('card sizes', () => {
  it('remembers a size by what the card shows: the same content matches, other text or status does not', () => {
    const [one] = cards('Visitors wait');
    const [same] = cards('Visitors wait');
    const [longer] = cards('Visitors wait for two hours');
    const [accepted] = cards('Visitors wait', 'accepted');
    expect(cardSignature(same!)).toBe(cardSignature(one!));
    expect(cardSignature(longer!)).not.toBe(cardSignature(one!));
    expect(cardSignature(accepted!)).not.toBe(cardSignature(one!));
  });

  it('places the handles as the card draws them: the target on top, the link handle on its side', () => {
    const size = { width: 240, height: 100 };
    const [target, top] = cardHandles(size, 'top');
    expect(target).toMatchObject({ type: 'target', x: 117, y: -3 });
    expect(top).toMatchObject({ type: 'source', x: 113, y: -7 });
    expect(cardHandles(size, 'left')[1]).toMatchObject({ x: -7, y: 43 });
    expect(cardHandles(size, 'right')[1]).toMatchObject({ x: 233, y: 43 });
  });
});
