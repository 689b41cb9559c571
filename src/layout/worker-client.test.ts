import { describe, expect, it } from 'vitest';
import { computeLayout } from './layout-tree';
import { createLayoutService, type LayoutReply, type LayoutRequest } from './layout-service';
import { createLayoutWorkerClient, LayoutSupersededError, type LayoutTransport } from './worker-client';
import { randomTree } from './random-tree';

/** A transport whose "worker" answers only when the test says so. */
function manualTransport() {
  const sent: LayoutRequest[] = [];
  let receive: (reply: LayoutReply) => void = () => {};
  let fail: (message: string) => void = () => {};
  let closed = false;
  const transport: LayoutTransport = {
    send: (message) => {
      if (!('warm' in message)) sent.push(message);
    },
    listen(onReply, onFailure) {
      receive = onReply;
      fail = onFailure;
    },
    close: () => (closed = true),
  };
  return {
    transport,
    sent,
    answer: (request: LayoutRequest) => receive({ id: request.id, result: computeLayout(request.input) }),
    crash: (message: string) => fail(message),
    isClosed: () => closed,
  };
}

describe('createLayoutWorkerClient', () => {
  it('runs on this thread where there is no Worker, giving the same layout', async () => {
    expect(typeof Worker).toBe('undefined');
    const client = createLayoutWorkerClient();
    const input = randomTree('goal', 30, 2);
    expect(await client.layout(input)).toEqual(computeLayout(input));
    client.dispose();
  });

  it('supersedes an older request for the same tree, not those for other trees', async () => {
    const client = createLayoutWorkerClient();
    const old = client.layout(randomTree('goal', 20, 1));
    const other = client.layout(randomTree('conflict', 20, 1));
    const newer = client.layout(randomTree('goal', 20, 2));
    await expect(old).rejects.toBeInstanceOf(LayoutSupersededError);
    expect((await newer).nodes.size).toBe(20);
    expect((await other).nodes.size).toBe(20);
    client.dispose();
  });

  it('ignores the late answer to a request superseded while the worker was busy with it', async () => {
    const fake = manualTransport();
    const client = createLayoutWorkerClient(fake.transport);
    const first = client.layout(randomTree('transition', 10, 1));
    const second = client.layout(randomTree('transition', 12, 1));
    await expect(first).rejects.toThrow(/transition tree superseded/);
    fake.answer(fake.sent[0]!); // the worker finishes the old one anyway
    fake.answer(fake.sent[1]!);
    expect((await second).nodes.size).toBe(12);
  });

  it('rejects everything pending when the worker fails, and later requests too', async () => {
    const fake = manualTransport();
    const client = createLayoutWorkerClient(fake.transport);
    const pending = client.layout(randomTree('goal', 5, 1));
    fake.crash('The layout worker failed: boom');
    await expect(pending).rejects.toThrow('boom');
    await expect(client.layout(randomTree('goal', 5, 1))).rejects.toThrow('boom');
  });

  it('rejects pending requests on dispose and closes the worker', async () => {
    const fake = manualTransport();
    const client = createLayoutWorkerClient(fake.transport);
    const pending = client.layout(randomTree('goal', 5, 1));
    client.dispose();
    await expect(pending).rejects.toThrow('disposed');
    expect(fake.isClosed()).toBe(true);
    await expect(client.layout(randomTree('goal', 5, 1))).rejects.toThrow('disposed');
  });
});

describe('createLayoutService', () => {
  it('computes only the newest waiting request of each tree, in arrival order', () => {
    const replies: LayoutReply[] = [];
    const tasks: (() => void)[] = [];
    const handle = createLayoutService((reply) => replies.push(reply), (task) => tasks.push(task));
    handle({ id: 1, input: randomTree('goal', 5, 1) });
    handle({ id: 2, input: randomTree('conflict', 5, 1) });
    handle({ id: 3, input: randomTree('goal', 6, 1) });
    expect(replies).toEqual([{ id: 1, superseded: true }]);
    while (tasks.length > 0) tasks.shift()!();
    expect(replies.map((r) => r.id)).toEqual([1, 3, 2]);
    expect(replies.every((r) => 'superseded' in r || 'result' in r)).toBe(true);
  });

  it('answers a broken request with an error instead of dying', () => {
    const replies: LayoutReply[] = [];
    const handle = createLayoutService((reply) => replies.push(reply), (task) => task());
    handle({ id: 7, input: null as never });
    handle({ id: 8, input: randomTree('goal', 3, 1) });
    expect(replies.map((r) => r.id)).toEqual([7, 8]);
    expect('error' in replies[0]!).toBe(true);
    expect('result' in replies[1]!).toBe(true);
  });
});
