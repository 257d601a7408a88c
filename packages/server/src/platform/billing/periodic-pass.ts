/**
 * A billing job's clock (metering, bills, arrears): a pass every `intervalMs` on this server, never two at once (a
 * tick during a pass is skipped), stopped with the server after the pass under way. The passes themselves are
 * idempotent and leased where several servers could race.
 */
export class PeriodicPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (!this.running) void this.runOnce();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** A pass now, or the one under way; a failure goes to `onError`. */
  runOnce(): Promise<void> {
    this.running ??= this.pass()
      .then(
        () => undefined,
        (error: unknown) => this.onError(error),
      )
      .finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
