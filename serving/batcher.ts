/**
 * Adaptive batching: concurrent callers each submit one item (or several); items are coalesced into
 * calls of `run` (for serving: one encoder pass on one worker). There is no fixed wait: while fewer
 * than `capacity` batches run, queued items go at once; items that arrive while every slot is busy
 * queue up and form the next batch as soon as a slot frees (a worker's slot: at once, before the
 * finished batch's callers run, so the worker never waits for this thread to build envelopes; the
 * in-process encoder: after one more poll of the event loop, so that requests already received but
 * not yet parsed join it); each batch takes its share of the queue over the slots, up to `maxBatchSize`. An item whose
 * AbortSignal fires while it is still queued leaves the queue (a timed-out request costs no encoder
 * work).
 */

export interface BatcherOptions<I, O> {
  maxBatchSize: number;
  /**
   * Batches allowed to run at once: 1 for one in-process encoder, the number of live workers for a
   * pool (a function, read at every dispatch; call `kick()` when it grows). Default 1.
   */
  capacity?: number | (() => number);
  /**
   * Dispatch new submissions at the end of the current event-loop phase instead of at once: for a
   * `run` that computes on this thread (the in-process encoder), which would otherwise start a batch
   * for the first request read in a poll phase and block the loop before the others are read, so
   * every batch would hold one text. Default false (a worker pool: dispatch at once).
   */
  deferDispatch?: boolean;
  /** One output per input, in order. */
  run: (items: readonly I[]) => Promise<readonly O[]>;
  /** Called after every batch (metrics). */
  onBatch?: (info: { size: number; durationMs: number; error?: unknown }) => void;
}

export interface Batcher<I, O> {
  submit(item: I, signal?: AbortSignal): Promise<O>;
  /** Several items from one caller (one abort listener for all), outputs in order. */
  submitAll(items: readonly I[], signal?: AbortSignal): Promise<O[]>;
  /** Items waiting for a batch (not counting those running). */
  readonly queued: number;
  /** Batches running now. */
  readonly running: number;
  /** True while any batch runs. */
  readonly busy: boolean;
  /** Capacity may have grown (a worker came back): dispatch what is queued. */
  kick(): void;
  /** Stop accepting items; resolves when the queue is empty and no batch runs. */
  drain(): Promise<void>;
}

/** Rejects submissions after drain() and items whose signal aborted while queued. */
export class BatcherClosedError extends Error {
  override readonly name = 'BatcherClosedError';
}

/** The items of one submission, sharing one AbortSignal listener while any of them is queued. */
interface Group {
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  queued: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
  group: Group;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const { maxBatchSize, run, onBatch } = options;
  const given = options.capacity ?? 1;
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) throw new RangeError(`maxBatchSize must be a positive integer, given ${maxBatchSize}`);
  if (typeof given === 'number' && (!Number.isInteger(given) || given < 1)) throw new RangeError(`capacity must be a positive integer, given ${given}`);
  const capacity = typeof given === 'number' ? () => given : given;

  const queue: Array<Pending<I, O>> = [];
  let running = 0;
  let dispatchScheduled = false;
  let closed = false;
  const drainWaiters: Array<() => void> = [];

  const settleDrain = () => {
    if (queue.length === 0 && running === 0) for (const wake of drainWaiters.splice(0)) wake();
  };

  /** A pending item left the queue: drop its group's abort listener once no item of the group waits. */
  const release = ({ group }: Pending<I, O>) => {
    group.queued -= 1;
    if (group.queued === 0 && group.onAbort) group.signal?.removeEventListener('abort', group.onAbort);
  };

  /**
   * Start batches while a slot is free and items wait. With every slot free the queue is spread over
   * them; with some busy, a freed slot takes its share (the queue over all slots), and the rest waits
   * for the next slot to free: under load the workers then run batches of similar size, instead of
   * one taking everything queued while the other runs single texts as they arrive. Never more than
   * maxBatchSize per batch.
   */
  function dispatch(): void {
    const slots = capacity();
    const free = slots - running;
    if (free <= 0 || queue.length === 0) return;
    const parts = free === slots ? Math.min(free, queue.length) : slots;
    const share = Math.min(maxBatchSize, Math.ceil(queue.length / parts));
    for (let k = 0; k < free && queue.length > 0; k++) start(queue.splice(0, share));
  }

  function start(batch: Array<Pending<I, O>>): void {
    batch.forEach(release);
    const started = performance.now();
    running += 1;
    let slotFreed = false;
    const freeSlot = () => {
      if (!slotFreed) running -= 1;
      slotFreed = true;
    };
    void (async () => {
      try {
        const outputs = await run(batch.map((p) => p.item));
        if (!options.deferDispatch) {
          // The slot runs elsewhere (a worker): start its next batch before this thread turns to the
          // callers of this one, so the worker encodes while the envelopes are built.
          freeSlot();
          dispatch();
        }
        if (outputs.length !== batch.length) throw new Error(`batch run returned ${outputs.length} results for ${batch.length} items`);
        batch.forEach((p, i) => p.resolve(outputs[i] as O));
        onBatch?.({ size: batch.length, durationMs: performance.now() - started });
      } catch (error) {
        batch.forEach((p) => p.reject(error));
        onBatch?.({ size: batch.length, durationMs: performance.now() - started, error });
      }
    })().finally(() => {
      freeSlot();
      // Whatever queued meanwhile goes next, after the event loop has polled once more: requests whose
      // bytes arrived while this batch ran (all of them, when the encoder runs on this thread and
      // blocked it) are parsed and join the batch instead of following one by one. (An immediate
      // queued from an immediate runs in the next loop iteration, after its poll phase.)
      setImmediate(() =>
        setImmediate(() => {
          dispatch();
          settleDrain();
        }),
      );
    });
  }

  const submitAll = (items: readonly I[], signal: AbortSignal | undefined): Promise<O[]> => {
    if (closed) return Promise.reject(new BatcherClosedError('the batcher is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason ?? new BatcherClosedError('aborted before queueing'));
    if (items.length === 0) return Promise.resolve([]);
    const group: Group = { signal, onAbort: undefined, queued: items.length };
    const pendings: Array<Pending<I, O>> = [];
    const results = Promise.all(
      items.map((item) => new Promise<O>((resolve, reject) => pendings.push({ item, resolve, reject, group }))),
    );
    if (signal) {
      group.onAbort = () => {
        const reason: unknown = signal.reason ?? new BatcherClosedError('aborted while queued');
        for (const pending of pendings) {
          const at = queue.indexOf(pending);
          if (at < 0) continue;
          queue.splice(at, 1);
          release(pending);
          pending.reject(reason);
        }
        settleDrain();
      };
      signal.addEventListener('abort', group.onAbort, { once: true });
    }
    queue.push(...pendings);
    if (!options.deferDispatch) dispatch();
    else if (!dispatchScheduled) {
      dispatchScheduled = true;
      setImmediate(() => {
        dispatchScheduled = false;
        dispatch();
      });
    }
    return results;
  };

  return {
    submit: (item, signal) => submitAll([item], signal).then((outputs) => outputs[0] as O),
    submitAll: (items, signal) => submitAll(items, signal),
    get queued() {
      return queue.length;
    },
    get running() {
      return running;
    },
    get busy() {
      return running > 0;
    },
    kick: dispatch,
    drain() {
      closed = true;
      dispatch();
      return new Promise<void>((resolve) => {
        drainWaiters.push(resolve);
        settleDrain();
      });
    },
  };
}
