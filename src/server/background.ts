import { logError } from "./log.ts";

/**
 * Work the server finishes after it has answered (a reset email sent after the response, so
 * the answer takes the same time whether or not the address exists). Shutdown waits for it.
 */
export class Background {
  private readonly pending = new Set<Promise<unknown>>();

  track(work: Promise<unknown>, what: string): void {
    const p = work.catch((err: unknown) => logError(`${what} failed`, err)).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when everything tracked so far has finished, or after `limitMs`. */
  async drain(limitMs = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all([...this.pending]), new Promise((resolve) => (timer = setTimeout(resolve, limitMs)))]);
    clearTimeout(timer);
  }
}
