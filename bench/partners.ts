/**
 * A partner's page at scale (docs/partners.md, "At scale"): N signups (10M on PostgreSQL by default), a
 * tenth under one code over five years of days, 50 pages and 20 campaigns; that code's page and its
 * five-year CSV over HTTP (p50/p95, the server's CPU per request), and the EXPLAIN of the page's queries.
 * Usage: npm run bench:partners [-- --db sqlite|postgres|both --postgres-rows N --sqlite-rows N --requests N --backfill]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { lagosDay } from '../common/lagos-time.js';
import { loadConfig } from '../server/config.js';
import { type Backend, type OpenedDatabase, withoutTimeouts } from '../server/db/database.js';
import * as postgresCounts from '../server/db/migrations/postgres/0010_partner_daily_signups.js';
import * as sqliteCounts from '../server/db/migrations/sqlite/0012_partner_daily_signups.js';
import { partnerSettings } from '../server/partner-settings.js';
import { partnersFor } from '../server/partners/partners-for-database.js';
import { createPartnerStore } from '../server/partners/store.js';
import { DEFAULT_POSTGRES_ADMIN_URL, scratchDatabase } from '../testing/server/scratch-database.js';
import { loadAverage } from './host-load.js';
import { startServerChild, stopServerChild } from './server-child.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    'postgres-rows': { type: 'string', default: '10000000' },
    'sqlite-rows': { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '100' },
    backfill: { type: 'boolean', default: false },
  },
});
const backends: Backend[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as Backend];
const SECRET = 'bench-partner-link-secret-of-32-bytes-or-more';
const BIG = 'big-partner';
const DAYS = 1826; // five years
const BATCH = 1_000_000;

/**
 * `rows` signups over the last five years: every tenth under BIG, the others under 2,000 other codes or
 * none. BIG's n-th signup (i = 10n) is on day n % 1826, page (n / 1826) % 50 and campaign
 * (week + page) % 20: every day has all 50 pages, each page one campaign a week. Written by the database
 * itself, a million per statement (the trigger counting them as it goes).
 */
async function fill(opened: OpenedDatabase, rows: number, url?: string) {
  const columns = sql`email, email_key, inbox_key, first_requested_at, last_requested_at, request_count, source, partner, campaign, locale`;
  const partner = sql`CASE WHEN i % 10 = 0 THEN ${BIG} WHEN i % 10 = 1 THEN NULL ELSE 'p' || (i % 2000) END`;
  const day = sql`(i / 10 % ${DAYS})`;
  const pageNumber = sql`((i / 10 / ${DAYS}) % 50)`;
  const page = sql`'blog.example/post-' || ${pageNumber} || '?utm_source=newsletter'`;
  const campaign = sql`'issue-' || ((${day} / 7 + ${pageNumber}) % 20)`;
  for (let from = 1; from <= rows; from += BATCH) {
    const to = Math.min(rows, from + BATCH - 1);
    if (opened.backend === 'postgres') {
      const at = sql`statement_timestamp() - ${day} * interval '1 day' - (i * 7 % 86400) * interval '1 second'`;
      const insert = sql`INSERT INTO signups (${columns})
        SELECT 'b' || i || '@example.ng', 'b' || i || '@example.ng', 'b' || i || '@example.ng', ${at}, ${at}, 1,
          ${page}, ${partner}, ${campaign}, 'en'
        FROM generate_series(${from}::bigint, ${to}::bigint) AS i`.compile(opened.db);
      // A connection of its own, without the server's timeouts: a million rows take longer than 30 s here.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(insert.sql, [...insert.parameters]);
      } finally {
        await client.end();
      }
    } else {
      const at = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ${day} || ' days', '-' || (i * 7 % 86400) || ' seconds')`;
      await sql`WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
        INSERT INTO signups (${columns})
        SELECT 'b' || i || '@example.ng', 'b' || i || '@example.ng', 'b' || i || '@example.ng', ${at}, ${at}, 1,
          ${page}, ${partner}, ${campaign}, 'en' FROM n`.execute(opened.db);
    }
    process.stdout.write(`  ${to.toLocaleString('en')} written (load ${loadAverage()})\n`);
  }
  if (opened.backend === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('VACUUM ANALYZE signups').finally(() => {});
    await client.query('VACUUM ANALYZE partner_daily_signups');
    await client.end();
  } else {
    await sql`ANALYZE`.execute(opened.db);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(opened.db);
  }
}

/** The daily counts made again by their migration, as on an installation upgraded with these signups: ms taken. */
async function backfill(opened: OpenedDatabase): Promise<number> {
  return withoutTimeouts(opened, async (db) => {
    await sql`DROP TRIGGER signups_partner_days${sql.raw(opened.backend === 'postgres' ? ' ON signups' : '')}`.execute(
      db,
    );
    if (opened.backend === 'postgres') await sql`DROP FUNCTION count_partner_signups()`.execute(db);
    await sql`DROP TABLE partner_daily_signups`.execute(db);
    const started = performance.now();
    // PostgreSQL runs each migration in a transaction; SQLite's opens its own.
    if (opened.backend === 'postgres') await db.transaction().execute((trx) => postgresCounts.up(trx as never));
    else await sqliteCounts.up(db as never);
    const ms = performance.now() - started;
    await sql`ANALYZE partner_daily_signups`.execute(db);
    // Into the database file: the server's first write would otherwise checkpoint this WAL mid-request.
    if (opened.backend === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    return ms;
  });
}

/** The plan of each query the page and the CSV run: in full on SQLite, its first line and time on PostgreSQL. */
async function explain(opened: OpenedDatabase): Promise<string> {
  const store = createPartnerStore(opened);
  const now = Date.now();
  const queries = {
    weeks: store.weeksQuery(BIG, lagosDay(now - 26 * 7 * 86_400_000)),
    'top pages': store.topQuery(BIG, 'page'),
    'top campaigns': store.topQuery(BIG, 'campaign'),
    'five-year rows': store.rowsQuery(BIG, lagosDay(now - (DAYS - 1) * 86_400_000), lagosDay(now)),
  };
  const prefix = opened.backend === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ' : 'EXPLAIN QUERY PLAN ';
  const lines: string[] = [];
  for (const [name, query] of Object.entries(queries)) {
    const compiled = query.compile();
    const { rows } = await opened.db.executeQuery({ ...compiled, sql: prefix + compiled.sql });
    const plan = rows.map((row) => String(Object.values(row as object).at(-1)));
    const shown = opened.backend === 'postgres' ? [plan[0], plan.find((line) => line.startsWith('Execution'))] : plan;
    lines.push(`${name}: ${shown.join(' | ')}`);
  }
  return lines.join('\n');
}

/** BIG's signups, counted from the signups and from the daily counts: the two must agree. */
async function counted(opened: OpenedDatabase) {
  const signups = await opened.db
    .selectFrom('signups')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('partner', '=', BIG)
    .executeTakeFirstOrThrow();
  const days = await opened.db
    .selectFrom('partner_daily_signups')
    .select([sql<number | string>`count(*)`.as('rows'), sql<number | string>`sum(signups)`.as('n')])
    .where('partner', '=', BIG)
    .executeTakeFirstOrThrow();
  if (Number(signups.n) !== Number(days.n)) throw new Error(`counted ${days.n} of ${signups.n} signups`);
  return { signups: Number(signups.n), rows: Number(days.rows) };
}

/** User + system CPU milliseconds a process has used so far (Linux /proc, as bench:signups reads it). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks (100 Hz)
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** `count` requests one at a time after a first one: its time, then p50/p95/max and the server's CPU per request. */
async function timed(server: { base: string; child: { pid?: number } }, url: string, count: number, check: string) {
  const times: number[] = [];
  let cpuBefore = 0;
  let bytes = 0;
  for (let i = 0; i <= count; i++) {
    const started = performance.now();
    const response = await fetch(`${server.base}${url}`);
    const body = await response.text();
    if (response.status !== 200 || !body.includes(check)) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
    bytes = body.length;
    // The server's own CPU for the requests after the first: the cost the machine's load does not change.
    if (i === 0) cpuBefore = cpuMs(server.child.pid!);
  }
  const cpu = (cpuMs(server.child.pid!) - cpuBefore) / count;
  const first = times.shift()!;
  times.sort((a, b) => a - b);
  return `first ${first.toFixed(0)} ms; then ${count} one at a time: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms; the server's CPU ${cpu.toFixed(0)} ms a request; ${(bytes / 1024).toFixed(0)} KiB`;
}

for (const backend of backends) {
  const rows = Number(values[backend === 'postgres' ? 'postgres-rows' : 'sqlite-rows']);
  const database = await scratchDatabase(
    backend,
    process.env.POSTGRES_ADMIN_URL ?? DEFAULT_POSTGRES_ADMIN_URL,
    'kasuwa_bench',
  );
  try {
    const started = performance.now();
    await fill(database.opened, rows, database.env.DATABASE_URL);
    console.log(
      `${backend}: ${rows.toLocaleString('en')} signups written in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${loadAverage()})`,
    );
    if (values.backfill) {
      const ms = await backfill(database.opened);
      console.log(`${backend}: the migration's backfill of the daily counts took ${(ms / 1000).toFixed(1)} s`);
    }
    const big = await counted(database.opened);
    console.log(
      `${backend}: ${BIG}'s ${big.signups.toLocaleString('en')} signups are ${big.rows.toLocaleString('en')} daily rows (day, page, campaign) (load ${loadAverage()})`,
    );
    console.log(`EXPLAIN for the page's queries:\n${await explain(database.opened)}`);
    // Retention off: its daily look, at start, scans every signup and would land on the first requests.
    // The per-code cache off and the per-link limit out of the way: every request below reads the database.
    const env = {
      ...database.env,
      PARTNER_LINK_SECRET: SECRET,
      LOG_REQUESTS: 'off',
      SIGNUP_RETENTION_DAYS: '0',
      PARTNER_CACHE_SECONDS: '0',
      PARTNER_LINK_LIMIT: '100000',
    };
    const partners = await partnersFor(
      partnerSettings(loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1' })),
      database.opened,
    );
    const link = new URL((await partners.issueLink(BIG)).url);
    const small = new URL((await partners.issueLink('p2')).url);
    const server = await startServerChild(env);
    try {
      // Ready (its start-up work done), then a smaller code's page 20 times: a server just started answers
      // its first pages in hundreds of milliseconds (code not yet compiled), which is not BIG's cost.
      while ((await fetch(`${server.base}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 20; i++) {
        const warm = await fetch(`${server.base}${small.pathname}${small.search}`);
        if (warm.status !== 200) throw new Error(`p2's page answered ${warm.status}`);
        await warm.text();
      }
      const requests = Number(values.requests);
      const page = await timed(server, `${link.pathname}${link.search}`, requests, BIG);
      console.log(`${backend}: GET the page (budget p95 150 ms): ${page} (load ${loadAverage()})`);
      const today = lagosDay(Date.now());
      const fiveYears = lagosDay(Date.now() - (DAYS - 1) * 86_400_000);
      const csvUrl = `${link.pathname}${link.search}&format=csv&from=${fiveYears}&to=${today}`;
      const csv = await timed(server, csvUrl, Math.min(requests, 40), BIG);
      console.log(`${backend}: GET the five-year CSV (budget p95 300 ms): ${csv} (load ${loadAverage()})\n`);
    } finally {
      await stopServerChild(server);
    }
  } finally {
    await database.drop();
  }
}
