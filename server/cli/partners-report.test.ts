/**
 * `npm run admin -- partners:report` as an operator runs it, on SQLite and with DATABASE_URL on
 * PostgreSQL: new signups per partner code per ISO week in Lagos time, totals, --since, both formats,
 * and codes that would run as formulas in a spreadsheet.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { freshDatabase, type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { isoWeekOf } from '../partners/weeks.js';
import { insertSignupsWithoutWelcome } from '../signups/store.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

/** Signups as stored (UTC), by partner code (and campaign); null: none. */
const SIGNUPS: [partner: string | null, at: string, campaign?: string][] = [
  ['blog-1', '2026-11-30T08:00:00.000Z'], // Monday: 2026-W49
  ['blog-1', '2026-12-06T22:30:00.000Z'], // Sunday 23:30 in Lagos: still 2026-W49
  ['blog-1', '2026-12-06T23:30:00.000Z', 'issue-1'], // Monday 00:30 in Lagos: 2026-W50
  ['blog-1', '2027-01-03T12:00:00.000Z', 'issue-1'], // Sunday 3 January: 2026-W53
  ['blog-1', '2027-01-04T12:00:00.000Z'], // 2027-W01
  ['Zeta', '2026-12-01T09:00:00.000Z'], // byte order: upper case before lower case
  ['radio', '2026-12-02T09:00:00.000Z'],
  ['radio', '2026-12-03T09:00:00.000Z'],
  [null, '2026-12-02T10:00:00.000Z'],
];

describe.each(TEST_BACKENDS)('partners:report on %s', (backend) => {
  let database: ScratchDatabase;

  const admin = (...args: string[]) => runAdmin(database.env, 'partners:report', ...args);

  beforeAll(async () => {
    database = await freshDatabase(backend);
    await insertSignupsWithoutWelcome(
      database.opened.db,
      SIGNUPS.map(([partner, at, campaign], i) => ({
        email: `s${i}@example.ng`,
        at,
        source: 'blog/',
        partner,
        campaign,
      })),
    );
  });

  afterAll(async () => {
    await database.drop();
  });

  it('given --format csv should print each code by byte order, its weeks in Lagos time and its total', () => {
    const { code, stdout } = admin('--format', 'csv');
    expect(code).toBe(0);
    expect(stdout.split('\r\n')).toEqual([
      'partner,week,week_starts,signups',
      'Zeta,2026-W49,2026-11-30,1',
      'Zeta,total,,1',
      'blog-1,2026-W49,2026-11-30,2',
      'blog-1,2026-W50,2026-12-07,1',
      'blog-1,2026-W53,2026-12-28,1',
      'blog-1,2027-W01,2027-01-04,1',
      'blog-1,total,,5',
      'radio,2026-W49,2026-11-30,2',
      'radio,total,,2',
      '',
    ]);
  });

  it('given --by campaign should print the campaigns of each code apart, no campaign first', () => {
    const { code, stdout } = admin('--by', 'campaign', '--format', 'csv');
    expect(code).toBe(0);
    expect(stdout.split('\r\n')).toEqual([
      'partner,campaign,week,week_starts,signups',
      'Zeta,,2026-W49,2026-11-30,1',
      'Zeta,,total,,1',
      'blog-1,,2026-W49,2026-11-30,2',
      'blog-1,,2027-W01,2027-01-04,1',
      'blog-1,,total,,3',
      'blog-1,issue-1,2026-W50,2026-12-07,1',
      'blog-1,issue-1,2026-W53,2026-12-28,1',
      'blog-1,issue-1,total,,2',
      'radio,,2026-W49,2026-11-30,2',
      'radio,,total,,2',
      '',
    ]);
  });

  it('given --since a date without an offset should count only the signups from that Lagos midnight', () => {
    // 2026-12-07 00:00 in Lagos is 2026-12-06T23:00Z: the Sunday 22:30Z signup is before it.
    const { code, stdout } = admin('--since', '2026-12-07', '--format', 'csv');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'partner,week,week_starts,signups\r\nblog-1,2026-W50,2026-12-07,1\r\nblog-1,2026-W53,2026-12-28,1\r\nblog-1,2027-W01,2027-01-04,1\r\nblog-1,total,,3\r\n',
    );
  });

  it('given the default format should print an aligned table and how many signups came from how many codes', () => {
    const { code, stdout } = admin('--since', '2026-12-02');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'partner  week      from        signups',
        'blog-1   2026-W49  2026-11-30        1',
        '         2026-W50  2026-12-07        1',
        '         2026-W53  2026-12-28        1',
        '         2027-W01  2027-01-04        1',
        '         total                       4',
        'radio    2026-W49  2026-11-30        2',
        '         total                       2',
        '',
        '6 signups from 2 partner codes since 2026-12-01T23:00:00.000Z.',
        '',
      ].join('\n'),
    );
  });

  it('given no signup with a code since the date should say so', () => {
    expect(admin('--since', '2027-02-01').stdout).toBe(
      'No signup came with a partner code since 2027-01-31T23:00:00.000Z.\n',
    );
  });

  it('given codes that start like a formula should neutralise them in the CSV', async () => {
    const formulas = ['=HYPERLINK("http://evil.example")', '+1', '-2', '@SUM(A1)', '\tx', '\rx'];
    const scratch = await freshDatabase(backend);
    try {
      await insertSignupsWithoutWelcome(
        scratch.opened.db,
        formulas.map((partner, i) => ({
          email: `f${i}@example.ng`,
          at: '2026-12-02T09:00:00.000Z',
          source: null,
          partner,
        })),
      );
      const result = runAdmin(scratch.env, 'partners:report', '--format', 'csv');
      const cells = result.stdout
        .split('\r\n')
        .slice(1, -1)
        .filter((line) => !line.includes(',total,'))
        .map((line) => line.slice(0, line.lastIndexOf(',2026-W49')));
      // Each code starts with an apostrophe now, so a spreadsheet shows it as text.
      expect(cells.sort()).toEqual(
        ['"\'=HYPERLINK(""http://evil.example"")"', "'+1", "'-2", "'@SUM(A1)", "'\tx", '"\'\rx"'].sort(),
      );
    } finally {
      await scratch.drop();
    }
  });

  it('given --since a time inside a day should refuse it: the counts are kept per Lagos day', () => {
    const inDay = admin('--since', '2026-12-01T08:00+01:00');
    expect([inDay.code, inDay.stderr.split('\n')[0]]).toEqual([
      2,
      '--since "2026-12-01T08:00+01:00" falls inside a day: partners:report counts whole days, Lagos time (2026-12-01).',
    ]);
    // A Lagos midnight written as a time is a whole day.
    expect(admin('--since', '2026-12-06T23:00Z', '--format', 'csv').stdout).toBe(
      admin('--since', '2026-12-07', '--format', 'csv').stdout,
    );
  });

  it('given a date that is not one or an unknown format should refuse with the usage', () => {
    const notDate = admin('--since', 'last week');
    expect([notDate.code, notDate.stderr.split('\n')[0]]).toEqual([
      2,
      '--since "last week" is not a date: expected 2026-12-01 or 2026-12-01T08:00+01:00.',
    ]);
    const badFormat = admin('--format', 'xlsx');
    expect([badFormat.code, badFormat.stderr]).toEqual([
      2,
      '--format must be csv or table.\nUsage: npm run admin -- partners:report [--since DATE] [--format csv|table] [--by campaign]\n',
    ]);
  });
});

describe('isoWeekOf', () => {
  it.each([
    ['2026-01-01T00:00:00.000Z', '2026-W01', '2025-12-29'],
    ['2027-01-03T22:59:59.000Z', '2026-W53', '2026-12-28'],
    ['2027-01-03T23:00:00.000Z', '2027-W01', '2027-01-04'],
    ['2021-01-03T12:00:00.000Z', '2020-W53', '2020-12-28'],
  ])('given %s should be in %s, from %s', (time, week, monday) => {
    expect(isoWeekOf(time)).toEqual({ week, monday });
  });
});
