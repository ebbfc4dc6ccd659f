/**
 * bench:chaos's verdict on refused signups: a refusal a client can read as "try again" (UNAVAILABLE,
 * RATE_LIMITED) passes; anything else (HAProxy's HTML page, a bare status, a dropped connection) fails
 * the run: every refused signup must get a clear code. A run whose mail counter could not be read back
 * from Prometheus fails too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CounterSeries } from './chaos-detection.js';
import { type ChaosReport, codeOf, graphqlAnswer, writeReport } from './chaos-report.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** The servers' mail counter as Prometheus read it back: one send, sent. */
const oneSent: CounterSeries[] = [
  {
    labels: { instance: '127.0.0.1:1', outcome: 'sent' },
    samples: [
      { t: 0, value: 0 },
      { t: 15, value: 1 },
    ],
  },
];

/** A run with no fault and one signup accepted and mailed, refused ones as given. */
function run(refused: Record<string, number>, mailCounters = oneSent): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-chaos-report-'));
  dirs.push(dir);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const report: ChaosReport = {
    seed: 1,
    minutes: 1,
    rate: 1,
    loadStart: '0 0 0',
    loadEnd: '0 0 0',
    plan: [],
    runs: [],
    downtime: [],
    samples: [],
    mailCounters,
    trafficEnd: 60,
    intervals: [{ name: 'Watchdog', labels: {}, pendingAt: 0, start: 0 }],
    failedAsks: 0,
    rules: new Map(),
    scrape: 15,
    evaluation: 15,
    scrapeTimeout: 5,
    instances: ['127.0.0.1:1'],
    acknowledged: ['a@example.ng'],
    refused,
    stored: ['a@example.ng'],
    received: [{ to: ['a@example.ng'], messageId: '<1@kasuwa.shop>' }],
    unsent: {},
    rss: [],
    serversAlive: [true],
    recovered: [true],
    failedStarts: [],
  };
  return writeReport(report, dir);
}

describe("bench:chaos's refused signups", () => {
  it("given HAProxy's HTML 502 page should name it as a status without JSON", () => {
    const response = { status: 502, text: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
    expect(codeOf(graphqlAnswer(response), response)).toBe('HTTP 502 (not JSON)');
  });

  it("given the API's UNAVAILABLE error with a 503 should give its code", () => {
    const response = { status: 503, text: '{"errors":[{"message":"busy","extensions":{"code":"UNAVAILABLE"}}]}' };
    expect(codeOf(graphqlAnswer(response), response)).toBe('UNAVAILABLE');
  });

  it('given only UNAVAILABLE and RATE_LIMITED refusals should pass the run', () => {
    expect(run({ UNAVAILABLE: 3, RATE_LIMITED: 1 })).toEqual([]);
  });

  it('given a refusal answered with an HTML page should fail the run and name it', () => {
    expect(run({ UNAVAILABLE: 3, 'HTTP 502 (not JSON)': 1 })).toEqual([
      'refused signups without a clear code: HTTP 502 (not JSON) 1',
    ]);
  });
});

describe("bench:chaos's mail stream", () => {
  it('given no mail counter read back from Prometheus should fail the run rather than judge mail on nothing', () => {
    expect(run({}, [])).toEqual(['no kasuwa_mail_send_attempts_total read from Prometheus: the mail stream is empty']);
  });
});
