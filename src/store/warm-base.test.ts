import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentStore } from './document-store';
import { startWarmingBase } from './warm-base';

const text = `schema_version: 1
participants: { alice: Alice }
driver: alice
active_tree: current_reality
trees:
  current_reality:
    nodes:
      - { id: u1, kind: undesirable_effect, text: Late repairs, contributions: [{ by: alice, attribution: explicit, mode: text }] }
    links: []
    backlog: []
`;

let stop = () => {};
afterEach(() => stop());

describe('startWarmingBase', () => {
  it('builds the Document of a small file when idle, so its first edit does not parse the file', () => {
    const waiting: (() => void)[] = [];
    stop = startWarmingBase((run) => waiting.push(run));
    useDocumentStore.getState().openText(text, 'small.yaml');
    const base = useDocumentStore.getState().document!.base!;
    let built = 0;
    const parsed = base.document;
    // A base whose Document is read counts the reads, to see that idle time asked for it.
    Object.defineProperty(base, 'document', { get: () => (built++, parsed), configurable: true });
    expect(waiting).toHaveLength(1);
    waiting[0]!();
    expect(built).toBe(1);
  });

  it('leaves a base alone once another file replaced it', () => {
    const waiting: (() => void)[] = [];
    stop = startWarmingBase((run) => waiting.push(run));
    useDocumentStore.getState().openText(text, 'first.yaml');
    const first = useDocumentStore.getState().document!.base!;
    let read = false;
    Object.defineProperty(first, 'document', { get: () => ((read = true), null), configurable: true });
    useDocumentStore.getState().openText(text.replace('Late repairs', 'Slow repairs'), 'second.yaml');
    waiting[0]!();
    expect(read).toBe(false);
  });
});
