/**
 * One threshold of one instance: it fires after `samples` consecutive samples over the limit and re-arms after as
 * many consecutive samples back under it, so a value hovering around the limit does not alert again and again.
 * `firing` starts from what the store remembers (an alert that fired before a restart is not sent twice).
 */
export type ThresholdEvent = 'fire' | 'clear' | null;

export class ThresholdTracker {
  private over = 0;
  private under = 0;

  constructor(
    private readonly samples: number,
    public firing = false,
  ) {}

  /** Feeds one sample (null: no reading, which neither counts for nor against); says what changed. */
  observe(exceeded: boolean | null): ThresholdEvent {
    if (exceeded === null) return null;
    if (exceeded) {
      this.under = 0;
      this.over++;
      if (!this.firing && this.over >= this.samples) {
        this.firing = true;
        return 'fire';
      }
      return null;
    }
    this.over = 0;
    this.under++;
    if (this.firing && this.under >= this.samples) {
      this.firing = false;
      return 'clear';
    }
    return null;
  }
}
