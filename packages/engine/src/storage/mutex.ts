import { AsyncLocalStorage } from 'node:async_hooks';

/** A FIFO async lock: `run` executes callbacks one after another. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  /** The hold of the callback running now, seen from inside it (heldHere); `held` turns false when it ends. */
  private readonly holder = new AsyncLocalStorage<{ held: boolean }>();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const hold = { held: true };
    const inside = (): Promise<T> => this.holder.run(hold, fn).finally(() => (hold.held = false));
    const result = this.tail.then(inside, inside);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * Whether the code calling this runs inside this lock's current hold: a caller that must wait for the lock would
   * wait for itself there (a query run while its own INSERT … SELECT holds the write lock). Work a callback left
   * behind (a timer) sees false once the hold ended.
   */
  heldHere(): boolean {
    return this.holder.getStore()?.held === true;
  }
}
