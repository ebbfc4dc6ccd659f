/** Where the main thread went before the first paint, from a trace (bench/phone-trace.mjs). */
import { describe, expect, it } from 'vitest';
import { mainThreadBeforeFirstPaint, type TraceEvent } from './phone-trace.mjs';

const main = { pid: 1, tid: 10 };
const task = (name: string, ts: number, dur: number, where = main): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  ...where,
});
const instant = (name: string, ts: number, navigationId = 'page'): TraceEvent => ({
  name,
  ph: 'R',
  ts,
  ...main,
  args: { data: { navigationId } },
});

// Times in µs, as Chromium writes them.
const trace: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, ...main, args: { name: 'CrRendererMain' } },
  instant('navigationStart', 500, 'blank'), // the new tab's about:blank
  task('Layout', 600, 300), // before the page's navigation: not counted
  instant('navigationStart', 1_000),
  instant('navigationStart', 1_500, 'commit'), // another navigationId, as the renderer's commit has
  task('RunTask', 2_000, 10_000),
  task('ParseHTML', 2_000, 8_000),
  task('EvaluateScript', 3_000, 2_000),
  task('v8.compile', 3_000, 500),
  task('UpdateLayoutTree', 11_000, 500),
  task('Layout', 13_000, 4_000), // cut by the first paint at 15,000
  instant('firstPaint', 15_000),
  task('Paint', 16_000, 1_000), // after the first paint
  task('ParseHTML', 2_000, 9_000, { pid: 1, tid: 11 }), // another thread
];

describe('the main thread before the first paint', () => {
  const { firstPaintMs, ms } = mainThreadBeforeFirstPaint(trace);

  it('counts from the page’s own navigation to its first paint', () => {
    expect(firstPaintMs).toBe(14);
  });

  it("gives each kind of work its own time, less what it called, and a task's remainder to other", () => {
    expect(ms).toEqual({ commit: 0, parse: 6, style: 0.5, layout: 2, paint: 0, script: 2, other: 1.5 });
  });

  it('says so when the trace has no first paint', () => {
    expect(() => mainThreadBeforeFirstPaint(trace.filter((event) => event.name !== 'firstPaint'))).toThrow(
      /no first paint/,
    );
  });
});
