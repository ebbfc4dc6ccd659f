/**
 * A list read from disk at most once per REREAD_MS and reused in between: what a deploy adds (a build,
 * a released version) is seen within that, and a request meanwhile costs no directory read.
 */
const REREAD_MS = 5_000;

/** `read()`'s answer, read again once REREAD_MS have passed since the last read on the clock `now`. */
export function rereadEvery<T>(read: () => T, now: () => number = Date.now): () => T {
  let value: T;
  let readAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (now() - readAt >= REREAD_MS) {
      value = read();
      readAt = now();
    }
    return value;
  };
}
