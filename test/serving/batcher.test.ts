import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatcherClosedError, createBatcher } from '../../serving/batcher.js';

/** A fake encoder: records each batch, answers `text:<item>` after the test releases it (or at once). */
function fakeRun(options: { manual?: boolean; fail?: (items: readonly string[]) => boolean } = {}) {
  const calls: string[][] = [];
  const releases: Array<() => void> = [];
  const run = async (items: readonly string[]) => {
    calls.push([...items]);
    if (options.manual) await new Promise<void>((resolve) => releases.push(resolve));
    if (options.fail?.(items)) throw new Error(`failed batch of ${items.length}`);
    return items.map((item) => `text:${item}`);
  };
  const releaseNext = () => releases.shift()?.();
  return { run, calls, releaseNext, pending: () => releases.length };
}

const ticks = async (n = 5) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('createBatcher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a request at once when the encoder is idle (no fixed wait)', async () => {
    const fake = fakeRun({ manual: true });
    const batcher = createBatcher({ maxBatchSize: 32, run: fake.run });
    const first = batcher.submit('a');
    // Synchronously dispatched: no timer, no tick.
    expect(fake.calls).toEqual([['a']]);
    fake.releaseNext();
    await expect(first).resolves.toBe('text:a');
  });

  it('with deferDispatch, coalesces submissions of the same event-loop phase (an encoder on this thread)', async () => {
    const fake = fakeRun();
    const batcher = createBatcher({ maxBatchSize: 32, deferDispatch: true, run: fake.run });
    const all = ['a', 'b', 'c'].map((item) => batcher.submit(item));
    expect(fake.calls).toEqual([]);
    await expect(Promise.all(all)).resolves.toEqual(['text:a', 'text:b', 'text:c']);
    expect(fake.calls).toEqual([['a', 'b', 'c']]);
  });

  it('coalesces what arrives while the encoder is busy into the next batch, and keeps each caller its own result', async () => {
    const fake = fakeRun({ manual: true });
    const batcher = createBatcher({ maxBatchSize: 32, run: fake.run });
    const first = batcher.submit('a');
    const rest = ['b', 'c', 'd', 'e'].map((item) => batcher.submit(item));
    expect(fake.calls).toEqual([['a']]);
    expect(batcher.queued).toBe(4);
    fake.releaseNext();
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls[1]).toEqual(['b', 'c', 'd', 'e']);
    fake.releaseNext();
    await expect(Promise.all([first, ...rest])).resolves.toEqual(['text:a', 'text:b', 'text:c', 'text:d', 'text:e']);
  });

  it('starts the next batch on a freed worker before the finished batch\'s callers run', async () => {
    const fake = fakeRun({ manual: true });
    const batcher = createBatcher({ maxBatchSize: 32, run: fake.run });
    const callsWhenFirstCallerRan: number[] = [];
    const first = batcher.submit('a').then((out) => {
      callsWhenFirstCallerRan.push(fake.calls.length);
      return out;
    });
    const second = batcher.submit('b');
    fake.releaseNext();
    await expect(first).resolves.toBe('text:a');
    expect(callsWhenFirstCallerRan).toEqual([2]);
    expect(fake.calls[1]).toEqual(['b']);
    fake.releaseNext();
    await expect(second).resolves.toBe('text:b');
  });

  it('with deferDispatch, lets the finished batch\'s callers run before the next batch (an encoder on this thread)', async () => {
    const fake = fakeRun({ manual: true });
    const batcher = createBatcher({ maxBatchSize: 32, deferDispatch: true, run: fake.run });
    const first = batcher.submit('a');
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    const second = batcher.submit('b');
    fake.releaseNext();
    await first;
    expect(fake.calls).toHaveLength(1);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    fake.releaseNext();
    await expect(second).resolves.toBe('text:b');
  });

  it('takes more slots when capacity grows (kick), fewer when it shrinks', async () => {
    const fake = fakeRun({ manual: true });
    let capacity = 1;
    const batcher = createBatcher({ maxBatchSize: 1, capacity: () => capacity, run: fake.run });
    const all = batcher.submitAll(['a', 'b', 'c']);
    expect(fake.calls).toEqual([['a']]);
    capacity = 2;
    batcher.kick();
    expect(fake.calls).toEqual([['a'], ['b']]);
    capacity = 1;
    fake.releaseNext();
    fake.releaseNext();
    await vi.waitFor(() => expect(fake.calls).toHaveLength(3));
    expect(batcher.running).toBe(1);
    fake.releaseNext();
    await expect(all).resolves.toEqual(['text:a', 'text:b', 'text:c']);
  });

  it('runs one batch at a time; what queues meanwhile runs next, split at maxBatchSize', async () => {
    const fake = fakeRun({ manual: true });
    const sizes: number[] = [];
    const batcher = createBatcher({ maxBatchSize: 2, run: fake.run, onBatch: ({ size }) => sizes.push(size) });
    const all = batcher.submitAll(['a', 'b', 'c', 'd', 'e']);
    await ticks();
    expect(fake.calls).toEqual([['a', 'b']]);
    expect(batcher.busy).toBe(true);
    expect(batcher.queued).toBe(3);
    fake.releaseNext();
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls[1]).toEqual(['c', 'd']);
    fake.releaseNext();
    await vi.waitFor(() => expect(fake.calls).toHaveLength(3));
    fake.releaseNext();
    await expect(all).resolves.toEqual(['a', 'b', 'c', 'd', 'e'].map((x) => `text:${x}`));
    expect(fake.calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('with capacity 2 runs two batches at once, never a third, each taking its share of the queue', async () => {
    const fake = fakeRun({ manual: true });
    const batcher = createBatcher({ maxBatchSize: 4, capacity: 2, run: fake.run });
    const all = batcher.submitAll(['a', 'b', 'c', 'd', 'e', 'f']);
    await ticks();
    // Half of the queue each, not four and two.
    expect(fake.calls).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(fake.pending()).toBe(2);
    const more = batcher.submitAll(['g', 'h', 'i']);
    await ticks();
    expect(fake.pending()).toBe(2);
    fake.releaseNext();
    await vi.waitFor(() => expect(fake.calls).toHaveLength(3));
    expect(fake.pending()).toBe(2);
    while (fake.pending() > 0 || batcher.queued > 0) {
      fake.releaseNext();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await expect(all).resolves.toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `text:${x}`));
    await expect(more).resolves.toEqual(['g', 'h', 'i'].map((x) => `text:${x}`));
    expect(Math.max(...fake.calls.map((c) => c.length))).toBe(3);
  });

  it('rejects every item of a failed batch and keeps serving later ones', async () => {
    const fake = fakeRun({ fail: (items) => items.includes('bad') });
    const errors: unknown[] = [];
    const batcher = createBatcher({ maxBatchSize: 8, run: fake.run, onBatch: ({ error }) => errors.push(error) });
    const [failed] = await Promise.allSettled([batcher.submitAll(['ok', 'bad'])]);
    expect(failed?.status).toBe('rejected');
    await expect(batcher.submit('later')).resolves.toBe('text:later');
    expect(errors[0]).toBeInstanceOf(Error);
    expect(errors[1]).toBeUndefined();
  });

  it('rejects all items when run returns the wrong number of outputs', async () => {
    const batcher = createBatcher<string, string>({ maxBatchSize: 4, run: async () => ['only one'] });
    const results = await Promise.allSettled([batcher.submitAll(['a', 'b'])]);
    expect(results.every((r) => r.status === 'rejected' && /returned 1 results for 2 items/.test(String(r.reason)))).toBe(true);
  });

  it('drops an item whose signal aborts while it is queued (no encoder work for a timed-out request)', async () => {
    const fake = fakeRun({ manual: true });
    const batcher = createBatcher({ maxBatchSize: 1, run: fake.run });
    const first = batcher.submit('a');
    await ticks();
    const controller = new AbortController();
    const second = batcher.submit('b', controller.signal);
    const reason = new Error('timed out');
    controller.abort(reason);
    await expect(second).rejects.toBe(reason);
    fake.releaseNext();
    await expect(first).resolves.toBe('text:a');
    expect(fake.calls).toEqual([['a']]);
    expect(batcher.queued).toBe(0);
  });

  it('submitAll keeps order across batches and shares batches with other callers', async () => {
    const fake = fakeRun();
    const batcher = createBatcher({ maxBatchSize: 4, run: fake.run });
    const [many, one] = await Promise.all([batcher.submitAll(['a', 'b', 'c', 'd', 'e', 'f']), batcher.submit('z')]);
    expect(many).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `text:${x}`));
    expect(one).toBe('text:z');
    expect(fake.calls.flat()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'z']);
    expect(Math.max(...fake.calls.map((c) => c.length))).toBe(4);
    await expect(batcher.submitAll([])).resolves.toEqual([]);
  });

  it('submitAll drops every still-queued item of an aborted submission, with one listener', async () => {
    const fake = fakeRun({ manual: true });
    const batcher = createBatcher({ maxBatchSize: 2, run: fake.run });
    const controller = new AbortController();
    let listeners = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners += 1;
      add(...args);
    }) as typeof add;
    const all = batcher.submitAll(Array.from({ length: 64 }, (_, i) => `t${i}`), controller.signal);
    await ticks();
    expect(listeners).toBe(1);
    expect(fake.calls).toEqual([['t0', 't1']]);
    controller.abort(new Error('timed out'));
    await expect(all).rejects.toThrow('timed out');
    expect(batcher.queued).toBe(0);
    fake.releaseNext();
    await vi.waitFor(() => expect(batcher.busy).toBe(false));
    expect(fake.calls).toHaveLength(1);
  });

  it('refuses an already aborted signal', async () => {
    const batcher = createBatcher({ maxBatchSize: 1, run: fakeRun().run });
    await expect(batcher.submit('a', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('drain() waits for what is queued and running, then refuses new items', async () => {
    const fake = fakeRun();
    const batcher = createBatcher({ maxBatchSize: 8, run: fake.run });
    const queued = batcher.submit('a');
    const drained = batcher.drain();
    await expect(queued).resolves.toBe('text:a');
    await drained;
    await expect(batcher.submit('b')).rejects.toBeInstanceOf(BatcherClosedError);
    expect(fake.calls).toEqual([['a']]);
  });

  it('validates its settings', () => {
    const run = fakeRun().run;
    expect(() => createBatcher({ maxBatchSize: 0, run })).toThrow(/maxBatchSize/);
    expect(() => createBatcher({ maxBatchSize: 1, capacity: 0, run })).toThrow(/capacity/);
  });
});
