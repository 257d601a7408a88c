/**
 * A node's work loop (instance lifecycle, data-in runner): `tick` every `everyMs` and whenever asked (`nudge`), one at
 * a time; asks that come during a tick make one more tick after it, never a queue. A failed tick is reported and the
 * loop goes on.
 */
export class CoalescedTicker {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly tick: () => Promise<void>,
    private readonly everyMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the periodic ticks, the first one now. The timer does not keep the process alive. */
  start(): void {
    this.timer = setInterval(() => this.nudge(), this.everyMs);
    this.timer.unref();
    this.nudge();
  }

  /** Ticks now, or right after the tick under way. */
  nudge(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch(this.onError)
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** The tick under way, if any (to wait for it). */
  get current(): Promise<void> | null {
    return this.ticking;
  }

  /** No tick starts any more; resolves when the one under way has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
  }
}
