/**
 * Cooperative slicing of a query's JS work (result conversion, FILL, INTERP, the REST body): the engine has one event
 * loop, so a long loop gives it back every SLICE_MS and stops there when its query was killed, timed out or abandoned
 * by its client (the abort reason, a TdError, is thrown).
 *
 *   for (...) { if (pace.due()) await pace.pause(); ... }
 */
const SLICE_MS = 20;
/** `due()` reads the clock once per this many calls (a power of two), so a loop can call it on every row. */
const CHECK_EVERY = 256;

export class Pacer {
  private calls = 0;
  private sliceStart = performance.now();

  constructor(readonly signal?: AbortSignal) {}

  /** Whether the current slice is used up (or the query was stopped): then `await pause()`. */
  due(): boolean {
    if ((++this.calls & (CHECK_EVERY - 1)) !== 0) return false;
    return this.signal?.aborted === true || performance.now() - this.sliceStart >= SLICE_MS;
  }

  /** Lets other requests run, then throws the abort reason if the query was stopped meanwhile. */
  async pause(): Promise<void> {
    this.signal?.throwIfAborted();
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.signal?.throwIfAborted();
    this.sliceStart = performance.now();
  }
}
