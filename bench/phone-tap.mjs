/** `npm run bench:phone`'s tap part (bench/phone.mjs): the in-page half of one tap measurement. */

/**
 * In the page: arms one tap measurement. A capture-phase click listener takes the click's timeStamp;
 * requestAnimationFrame then polls until `kind`'s feedback shows and takes that frame's timestamp.
 * Long tasks overlapping the interval are collected. Resolves window.__phoneTap.
 */
export function armTap(kind) {
  const host = document.querySelector(kind === 'rank' ? 'store-rank-checker' : 'start-selling-form');
  const root = host.shadowRoot;
  const shown =
    kind === 'rank'
      ? () => root.querySelector('dialog[open]') !== null
      : () =>
          root.querySelector('button[type="submit"]')?.getAttribute('aria-busy') === 'true' ||
          root.querySelector('[part="toast"]') !== null;
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  window.__phoneTap = new Promise((resolve, reject) => {
    addEventListener(
      'click',
      (event) => {
        const clickAt = event.timeStamp;
        const timeout = setTimeout(() => reject(new Error(`no ${kind} feedback within 20 s of the click`)), 20_000);
        const poll = (frameAt) => {
          if (!shown()) {
            requestAnimationFrame(poll);
            return;
          }
          clearTimeout(timeout);
          // A long task's entry is queued when it ends: give the last one a moment to arrive.
          setTimeout(() => {
            longTasks.push(...observer.takeRecords());
            observer.disconnect();
            const between = longTasks.filter(
              (task) => task.startTime < frameAt && task.startTime + task.duration > clickAt,
            );
            resolve({
              // The frame that paints the feedback may have begun before the click's timestamp (both in
              // one frame): the feedback came with the click's own frame, counted as 0.
              ms: Math.max(0, frameAt - clickAt),
              longestTaskMs: Math.max(0, ...between.map((task) => task.duration)),
            });
          }, 100);
        };
        requestAnimationFrame(poll);
      },
      { capture: true, once: true },
    );
  });
}
