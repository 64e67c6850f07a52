/**
 * Resolves with `read()`'s value once `done(value)` holds, reading again every `everyMs`; fails
 * after `limitMs` with the last value. For state another process or a queue changes in its own
 * time (a job's spaced retries), where no event tells the test.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met after ${limitMs} ms; last value: ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
