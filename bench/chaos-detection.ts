/**
 * bench:chaos's detection math (docs/benchmarks.md#chaos has the worked cases): the latest time an alert
 * may fire after its fault starts, from its own rule and the traffic the run sent, as the SRE workbook's
 * detection-time table reasons. A ratio failing from the fault on passes threshold θ of a window W after
 * θ·W (full window) or θ·h/(1 − θ) (h s of calm history); then a scrape, an evaluation, `for:`, polling.
 */

/** One window of a ratio condition: the ratio of failed events over the last `seconds` must exceed `threshold`. */
export type RatioWindow = { seconds: number; threshold: number };

/**
 * A condition of an alert: `state` holds from the fault's start (plus `delay`, e.g. a stall's threshold);
 * `ratio` holds while the failed share of `stream`'s events is above each window's threshold.
 */
export type Condition =
  | { kind: 'state'; metric: string; delay: number }
  | { kind: 'ratio'; stream: string; windows: RatioWindow[] };

/** An alert's math: its conditions (any one fires it) and its `for:`. */
export type AlertMath = { forSeconds: number; conditions: Condition[] };

/** One event of a stream as the servers counted it, in seconds from the traffic's start. */
export type Event = { t: number; failed: boolean };

/** The intervals the deadline adds after the condition holds. */
export type Timing = { scrape: number; scrapeTimeout: number; evaluation: number; poll: number };

/** Seconds in a Prometheus duration such as `90s`, `5m` or `1h30m`. */
export function seconds(duration: string): number {
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+)(ms|[smhdw])/g)) total += Number(n) * units[unit!]!;
  return total;
}

/** `expr` split at `word` (and, or) where no parenthesis or brace is open. */
function splitTop(expr: string, word: 'and' | 'or'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  const pattern = new RegExp(`^\\s${word}\\b`);
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i]!;
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (depth === 0 && pattern.test(expr.slice(i, i + word.length + 2))) {
      parts.push(expr.slice(from, i));
      from = i + word.length + 1;
    }
  }
  parts.push(expr.slice(from));
  // `and on (slo)` leaves `on (slo)` at the head of the next part.
  return parts.map((part) => part.replace(/^\s*(?:on|ignoring)\s*\([^)]*\)/, '').trim());
}

/** An outer pair of parentheses around the whole of `text`, taken off. */
function unwrap(text: string): string {
  let out = text.trim();
  while (out.startsWith('(') && out.endsWith(')')) {
    let depth = 0;
    let wraps = true;
    for (let i = 0; i < out.length - 1; i++) {
      if (out[i] === '(') depth++;
      else if (out[i] === ')') depth--;
      if (depth === 0) {
        wraps = false;
        break;
      }
    }
    if (!wraps) break;
    out = out.slice(1, -1).trim();
  }
  return out;
}

/**
 * The math of an alert's expression. A part comparing a quotient (`/`) of a window (`[5m]` or a recorded
 * `:rate5m`) with `> θ` is a ratio window; over a recorded objective's budget (`kasuwa:slo_error_budget`)
 * θ is times that budget, read from `budgets` by the `slo` it is asked for, and the stream is `slo:NAME`;
 * otherwise its stream is the first counter it reads. Anything else is a state of the metric it reads.
 * `delays` gives a state's metric its own start (a stall counts only after a few seconds).
 */
export function alertMath(
  expr: string,
  forSeconds: number,
  options: { budgets?: Map<string, number>; slo?: string; delays?: Record<string, number> } = {},
): AlertMath {
  const conditions: Condition[] = [];
  for (const alternative of splitTop(expr, 'or')) {
    const windows: RatioWindow[] = [];
    let stream = '';
    let state: Condition | undefined;
    for (const part of splitTop(unwrap(alternative), 'and').map(unwrap)) {
      const compare = /([^<>=!]*)>\s*([\d.]+)\s*$/.exec(part);
      const window = /\[(\w+)\]|:rate(\w+)\b/.exec(part);
      if (compare && window && compare[1]!.includes('/')) {
        const budget = /kasuwa:slo_error_budget/.test(part);
        const slo = options.slo ?? '';
        const times = budget ? (options.budgets?.get(slo) ?? Number.NaN) : 1;
        windows.push({ seconds: seconds(window[1] ?? window[2] ?? ''), threshold: Number(compare[2]) * times });
        stream = budget ? `slo:${slo}` : (/\b(kasuwa_[a-z_]+?)(?:_total|_count|_bucket)?\b/.exec(part)?.[1] ?? '');
      } else {
        const metric = /\b(kasuwa_[a-z_]+|up)\b/.exec(part)?.[1] ?? '';
        state = { kind: 'state', metric, delay: options.delays?.[metric] ?? 0 };
      }
    }
    if (windows.length) conditions.push({ kind: 'ratio', stream, windows });
    else if (state) conditions.push(state);
  }
  return { forSeconds, conditions };
}

/** One series of a counter as Prometheus scraped it: its labels and its samples, `t` in seconds from the traffic's start. */
export type CounterSeries = { labels: Record<string, string>; samples: { t: number; value: number }[] };

/**
 * The events a counter's series counted, all series together (one per server and label set), as rate()
 * reads them: each rise between two samples is that many events, failed if `failed` says so of the
 * series' labels, placed one `scrape` interval before the sample that showed them (the deadline adds
 * that scrape back). A fall is a restart whose counter began again at 0: its new value is the rise. A
 * series' first sample is where it starts: nothing before it is counted.
 */
export function counterEvents(
  series: CounterSeries[],
  failed: (labels: Record<string, string>) => boolean,
  scrape: number,
): Event[] {
  const events: Event[] = [];
  for (const { labels, samples } of series) {
    const isFailed = failed(labels);
    const sorted = samples.filter((s) => Number.isFinite(s.value)).toSorted((a, b) => a.t - b.t);
    for (let i = 1; i < sorted.length; i++) {
      const { t, value } = sorted[i]!;
      const before = sorted[i - 1]!.value;
      const rise = Math.round(value >= before ? value - before : value);
      for (let n = 0; n < rise; n++) events.push({ t: t - scrape, failed: isFailed });
    }
  }
  return events.toSorted((a, b) => a.t - b.t);
}

/** Events sorted by time, with counts of all and failed ones up to each, for counts over any window. */
export function eventIndex(events: Event[]) {
  const sorted = events.toSorted((a, b) => a.t - b.t);
  const times = sorted.map((e) => e.t);
  const failedUpTo = [0];
  for (const e of sorted) failedUpTo.push(failedUpTo.at(-1)! + (e.failed ? 1 : 0));
  /** Index of the first event later than `t`. */
  const after = (t: number) => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The failed share of the events in (from, to], or NaN with none (Prometheus's 0/0). */
  const ratio = (from: number, to: number) => {
    const a = after(from);
    const b = after(to);
    return b > a ? (failedUpTo[b]! - failedUpTo[a]!) / (b - a) : Number.NaN;
  };
  /** The time of the first failed event at or after `t`, if any. */
  const firstFailed = (t: number) => {
    for (let i = after(t - 1e-9); i < sorted.length; i++) if (sorted[i]!.failed) return sorted[i]!.t;
    return undefined;
  };
  return { ratio, firstFailed };
}

export type EventIndex = ReturnType<typeof eventIndex>;

const holdsAt = (windows: RatioWindow[], index: EventIndex, t: number) =>
  windows.every((w) => index.ratio(t - w.seconds, t) > w.threshold);

/**
 * Seconds after `start` when `condition` first holds, looked at each second up to `until`; undefined if
 * it never does. A state holds at its delay; a ratio when every window's failed share exceeds its
 * threshold on the events counted by then.
 */
export function conditionAfter(
  condition: Condition,
  start: number,
  until: number,
  streams: Record<string, EventIndex>,
): number | undefined {
  if (condition.kind === 'state') return condition.delay;
  const index = streams[condition.stream];
  if (!index) return undefined;
  for (let t = start; t <= until; t++) if (holdsAt(condition.windows, index, t)) return t - start;
  return undefined;
}

/** Seconds after `end` when a ratio condition that held stops holding (any window at or under its threshold). */
export function ratioEndsAfter(
  condition: Condition,
  end: number,
  until: number,
  streams: Record<string, EventIndex>,
): number | undefined {
  if (condition.kind !== 'ratio') return undefined;
  const index = streams[condition.stream];
  if (!index) return undefined;
  for (let t = end; t <= until; t++) if (!holdsAt(condition.windows, index, t)) return t - end;
  return undefined;
}

/** What the deadline adds after the condition holds: a scrape and its timeout, an evaluation, `for:`, polling. */
export const afterCondition = (math: AlertMath, timing: Timing) =>
  timing.scrape + timing.scrapeTimeout + timing.evaluation + math.forSeconds + timing.poll;

export type Deadline = {
  /** Seconds after the fault's start by which the alert must fire. */
  deadline: number;
  /** When its first condition held, after the start. */
  holds: number;
  /** How it was reached, for the report. */
  how: string;
};

/**
 * The latest firing time of an alert of `math` for a fault from `start`: the earliest of its conditions
 * that apply (`applies` says which states the fault drives), plus afterCondition. Undefined if no
 * condition holds by `until` (the rule cannot fire on this traffic).
 */
export function fireDeadline(
  math: AlertMath,
  timing: Timing,
  start: number,
  until: number,
  streams: Record<string, EventIndex>,
  applies: (condition: Condition) => boolean = () => true,
): Deadline | undefined {
  let best: { holds: number; condition: Condition } | undefined;
  for (const condition of math.conditions.filter(applies)) {
    const holds = conditionAfter(condition, start, until, streams);
    if (holds !== undefined && (!best || holds < best.holds)) best = { holds, condition };
  }
  if (!best) return undefined;
  const add = afterCondition(math, timing);
  const what =
    best.condition.kind === 'state'
      ? `${best.condition.metric} at ${best.holds.toFixed(0)} s`
      : `${best.condition.stream} failing over ${best.condition.windows.map((w) => `${+(100 * w.threshold).toPrecision(3)} % in ${w.seconds} s`).join(' and ')} at ${best.holds.toFixed(0)} s`;
  const parts = [
    `${timing.scrape} s scrape`,
    `${timing.scrapeTimeout} s its timeout`,
    `${timing.evaluation} s evaluation`,
    `${math.forSeconds} s for`,
    `${timing.poll} s polling`,
  ];
  return { deadline: best.holds + add, holds: best.holds, how: `${what} + ${parts.join(' + ')}` };
}
