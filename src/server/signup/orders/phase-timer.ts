/** Milliseconds spent in each phase of one order, for the log line of a placed order. */
export class PhaseTimer {
  private last = performance.now();
  readonly phases: Record<string, number> = {};
  lap(phase: string) {
    const now = performance.now();
    this.phases[phase] = Math.round((now - this.last) * 10) / 10;
    this.last = now;
  }
}
