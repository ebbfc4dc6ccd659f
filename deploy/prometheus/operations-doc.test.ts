/**
 * What docs/operations.md tells the operator about each alert, read from its tables and checked against
 * alerts.yml: the "Alerts" table's severity, `for:` and every threshold, window and figure it states,
 * the objectives against the error budgets, the burn-rate table's rates, windows and severities (each
 * ratio recorded over the window its name says). A rule moved without its row, or a row alone, fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const rulesText = fs.readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
const operations = fs.readFileSync(path.resolve(dir, '../../docs/operations.md'), 'utf8');

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, second: 1, m: 60, minute: 60, h: 3600, hour: 3600 };
/** A count of a unit in seconds: `5m`, `500 ms`, `2 minutes`, `an hour`. */
const seconds = (count: string, unit: string) =>
  (/^(an?|one)$/.test(count) ? 1 : Number(count)) * UNIT_SECONDS[unit.length > 2 ? unit.replace(/s$/, '') : unit]!;
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));

type Alert = { name: string; severity: string; forSeconds: number | null; figures: number[]; thresholds: number[] };

/** Each alert's severity, `for:`, every figure its expression holds (durations in seconds), and the thresholds it compares with. */
const alerts: Alert[] = rulesText
  .split(/\n(?= *- alert: )/)
  .slice(1)
  .map((block) => {
    const expr = (/expr: ([\s\S]*?)\n *(?:for|labels):/.exec(block)?.[1] ?? '').replace(/"[^"]*"/g, '""');
    const duration = /for: (\d+)([smh])\n/.exec(block);
    const forSeconds = duration ? seconds(duration[1]!, duration[2]!) : null;
    const durations = [...expr.matchAll(/(?:\[|offset |:rate)(\d+)([smh])\b\]?/g)].map((m) => seconds(m[1]!, m[2]!));
    const bare = expr.replace(/(?:\[|offset |:rate)\d+[smh]\b\]?/g, ' ');
    const numbers = [...bare.matchAll(/(?<![\w.:])(\d+(?:\.\d+)?)(?![\w.])/g)].map((m) => Number(m[1]));
    // `> 0` reads "any": the row says it in words.
    const thresholds = [...bare.matchAll(/(?:[<>]=?|[!=]=) (\d+(?:\.\d+)?)(?![\w.])/g)]
      .filter((m) => !(m[0].startsWith('>') && Number(m[1]) === 0))
      .map((m) => Number(m[1]));
    return {
      name: /- alert: (\S+)/.exec(block)?.[1] ?? '',
      severity: /severity: (\S+)/.exec(block)?.[1] ?? '',
      forSeconds,
      figures: [...durations, ...numbers, ...(forSeconds === null ? [] : [forSeconds])],
      thresholds,
    };
  });
const byName = new Map(alerts.map((alert) => [alert.name, alert]));

/** The rows of the Markdown table whose header row is `header`, as cells. */
function table(header: string): string[][] {
  const start = operations.indexOf(`${header}\n`);
  expect(start, `docs/operations.md has no table "${header}"`).toBeGreaterThanOrEqual(0);
  const lines = operations.slice(start).split('\n').slice(2);
  const rows = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('|')),
  );
  return rows.map((row) =>
    row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

/** The alert a cell links to: `[Name](#anchor)`. */
const linked = (cell: string) => /^\[(\w+)\]\(#\w+\)$/.exec(cell)?.[1] ?? '';

/** What a sentence states: its `for` duration, and every figure (durations in seconds, percentages as ratios). */
function stated(text: string): { forSeconds: number | null; figures: number[] } {
  const plain = text.replace(/"[^"]*"/g, '""').replace(/\]\([^)]*\)/g, ']');
  const units = '(ms|s|seconds?|minutes?|hours?)';
  const duration = new RegExp(`\\bfor (\\d+|an?|one) ${units}\\b`).exec(plain);
  const figures: number[] = [];
  const rest = plain
    .replace(new RegExp(`(?<![\\w.])(\\d+(?:\\.\\d+)?) ?${units}\\b|\\b(an?|one) (minute|hour)\\b`, 'g'), (...m) => {
      figures.push(m[1] ? seconds(m[1], m[2]) : seconds(m[3], m[4]));
      return ' ';
    })
    .replace(/(?<![\w.])(\d+(?:\.\d+)?) ?%/g, (_, count) => {
      figures.push(Number(count) / 100);
      return ' ';
    });
  for (const m of rest.matchAll(/(?<![\w.:])(\d+(?:\.\d+)?)(?![\w.])/g)) figures.push(Number(m[1]));
  return { forSeconds: duration ? seconds(duration[1]!, duration[2]!) : null, figures };
}

describe('docs/operations.md against the shipped alert rules', () => {
  it('should have one row in the "Alerts" table per alert', () => {
    const rows = table('| alert | fires when | severity |');
    expect(rows.map(([cell = '']) => linked(cell)).sort()).toEqual(alerts.map((alert) => alert.name).sort());
  });

  it.each(
    table('| alert | fires when | severity |').map(([cell = '', firesWhen = '', severity = '']) => ({
      name: linked(cell),
      firesWhen,
      severity,
    })),
  )('should state $name as its rule has it: severity, `for:` and thresholds', ({ name, firesWhen, severity }) => {
    const rule = byName.get(name);
    expect(rule, `${name} is not in alerts.yml`).toBeDefined();
    expect(severity, `${name}'s severity`).toBe(rule!.severity);
    const doc = stated(firesWhen);
    expect(doc.forSeconds, `${name}: "for …" against its for:`).toBe(rule!.forSeconds);
    for (const figure of doc.figures) {
      expect(
        rule!.figures.some((value) => same(value, figure)),
        `${name}: the docs state ${figure}, which its rule does not hold (${rule!.figures.join(', ')})`,
      ).toBe(true);
    }
    for (const threshold of rule!.thresholds) {
      expect(
        doc.figures.some((value) => same(value, threshold)),
        `${name}: its rule compares with ${threshold}, which "${firesWhen}" does not state`,
      ).toBe(true);
    }
  });

  it('should give each objective as 1 minus the error budget its rules record', () => {
    const budgets = [
      ...rulesText.matchAll(/- record: kasuwa:slo_error_budget\n *expr: vector\(([\d.]+)\)\n *labels:\n *slo: (\w+)/g),
    ].map((m) => ({ slo: m[2], objective: 1 - Number(m[1]) }));
    expect(budgets.length).toBeGreaterThan(0);
    const rows = table('| `slo` | objective | good | bad (the error ratio) |').map(([slo = '', objective = '']) => ({
      slo: slo.replace(/`/g, ''),
      objective: Number(/^([\d.]+) %/.exec(objective)?.[1]) / 100,
    }));
    expect(rows.map((row) => row.slo).sort()).toEqual(budgets.map((budget) => budget.slo).sort());
    for (const { slo, objective } of rows) {
      expect(same(objective, budgets.find((budget) => budget.slo === slo)!.objective), slo).toBe(true);
    }
  });

  it('should record each error ratio over the window its name says, which the burn-rate alerts read by name', () => {
    const records = [
      ...rulesText.matchAll(/- record: kasuwa:slo_error_ratio:rate(\w+)\n *expr: \|\n([\s\S]*?)\n *labels:/g),
    ];
    expect(records.length).toBeGreaterThan(0);
    for (const [, window = '', expr = ''] of records) {
      expect([...new Set([...expr.matchAll(/\[(\w+)\]/g)].map((m) => m[1]))], `rate${window}`).toEqual([window]);
    }
  });

  it('should give each burn-rate alert its rate, windows and severity', () => {
    const rows = table('| alert | burn rate | long window | short window | budget spent when it fires | severity |');
    expect(rows.length).toBe(2);
    for (const [cell = '', rate = '', long = '', short = '', , severity = ''] of rows) {
      const rule = byName.get(linked(cell));
      expect(rule, cell).toBeDefined();
      expect(rule!.thresholds, `${cell}'s burn rate`).toEqual([Number(rate), Number(rate)]);
      const windows = [long, short].map((window) => seconds(window.slice(0, -1), window.slice(-1)));
      const byValue = (a: number, b: number) => a - b;
      expect(rule!.figures.filter((figure) => !same(figure, Number(rate))).sort(byValue), `${cell}'s windows`).toEqual(
        windows.sort(byValue),
      );
      expect(severity.split(' ')[0], `${cell}'s severity`).toBe(rule!.severity);
    }
  });
});
