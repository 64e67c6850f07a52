/**
 * The server's notion of "now". In normal runs it is the system clock. With TEST_CLOCK=1
 * (never in production) the end-to-end suite may move it forward to check expiries.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class AdjustableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  set(date: Date): void {
    this.offsetMs = date.getTime() - this.base.now().getTime();
  }
  reset(): void {
    this.offsetMs = 0;
  }
}
