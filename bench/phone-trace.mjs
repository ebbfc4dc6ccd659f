/**
 * `npm run bench:phone -- --only paint --trace`: one load of each page under the paint part's throttling
 * with Chromium's trace recorded (written as a file DevTools' Performance panel opens), and where the
 * renderer's main thread went before the first paint: commit, parse, style, layout, paint, script, other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withPhonePage } from '../scripts/audit/phone-profiles.mjs';

/** What each main-thread trace event counts as; an event not named here gives its time to its parent. */
const KIND = {
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'style',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ScheduleStyleRecalculation: 'style',
  Layout: 'layout',
  UpdateLayerTree: 'paint',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  RasterTask: 'paint',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  'v8.parseOnBackground': 'script',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  MajorGC: 'script',
  MinorGC: 'script',
  'V8.GC_SCAVENGER': 'script',
  'BlinkGC.AtomicPhase': 'script',
  'DocumentLoader::CommitNavigation': 'commit',
  InstallConditionalFeatures: 'commit',
  'V8.DeserializeContext': 'commit',
  ContextCreatedNotification: 'commit',
  'LocalWindowProxy::Initialize': 'commit',
  RunTask: 'other',
  ThreadControllerImpl_RunTask: 'other',
};
/** `commit`: committing the navigation and creating the page's JavaScript context; `other`: the rest of
 * each task, with the pauses of Chromium's CPU throttling, which it spends inside the running task. */
export const KINDS = ['commit', 'parse', 'style', 'layout', 'paint', 'script', 'other'];

/** The main thread of the renderer that drew the page: the CrRendererMain thread with the first paint. */
function rendererMain(events, paint) {
  const main = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === paint.pid,
  );
  return { pid: paint.pid, tid: main?.tid ?? paint.tid };
}

/**
 * Self time (ms) of each kind of work on the renderer's main thread from the navigation's start to its
 * first paint: complete events ('X') nested by time, each event's own time (its duration less its
 * children's) counted to its kind, an unnamed event's to its nearest named ancestor, the part of an
 * event after the first paint left out. `firstPaintMs` is measured from navigationStart.
 */
export function mainThreadBeforeFirstPaint(events) {
  const paint = events.find((event) => event.name === 'firstPaint' || event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first paint');
  // The page's own navigation: the navigationStart of the first paint's navigationId (a new tab's
  // about:blank and the renderer's commit have navigationStarts of their own).
  const start = events.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.navigationId === paint.args?.data?.navigationId,
  );
  if (!start) throw new Error("the trace has no navigationStart for the first paint's navigation");
  const { pid, tid } = rendererMain(events, paint);
  const end = paint.ts;
  const tasks = events
    .filter((event) => event.ph === 'X' && event.pid === pid && event.tid === tid && event.dur > 0)
    .filter((event) => event.ts < end && event.ts + event.dur > start.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  const stack = []; // { end, kind, self } of the open events, outermost first
  const clip = (event) => Math.min(event.ts + event.dur, end) - Math.max(event.ts, start.ts);
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const done = stack.pop();
      totals[done.kind] += done.self;
    }
  };
  for (const event of tasks) {
    close(event.ts);
    const parent = stack.at(-1);
    const kind = KIND[event.name] ?? parent?.kind;
    const own = clip(event);
    if (parent) parent.self -= own;
    if (kind === undefined) continue; // outside any task: nothing to count it to
    stack.push({ end: event.ts + event.dur, kind, self: own });
  }
  close(Number.POSITIVE_INFINITY);
  const ms = Object.fromEntries(KINDS.map((kind) => [kind, Math.max(0, totals[kind]) / 1000]));
  return { firstPaintMs: (end - start.ts) / 1000, ms };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'v8',
  '__metadata',
];

/** Loads `url` once with a fresh cache at the cheap phone's network and `cpu`× CPU, tracing to `file`. */
export function traceOnce(browser, url, { cpu, file, viewport }) {
  return withPhonePage(browser, { viewport, cpu }, async (page) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await browser.startTracing(page, { path: file, categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return mainThreadBeforeFirstPaint(traceEvents);
  });
}

/** One line: `first paint 2236 ms; before it: parse 120, style 340, ... ms`. */
export const describeBreakdown = ({ firstPaintMs, ms }) =>
  `first paint ${Math.round(firstPaintMs)} ms; main thread before it: ${KINDS.map((kind) => `${kind} ${Math.round(ms[kind])}`).join(', ')} ms (total ${Math.round(KINDS.reduce((sum, kind) => sum + ms[kind], 0))})`;
