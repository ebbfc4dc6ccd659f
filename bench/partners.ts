/**
 * A partner's page at scale (docs/partners.md): N signups (1M on PostgreSQL, 100k on SQLite by default),
 * a tenth of them under one code; the page for that code over HTTP (the first request, then p50/p95), the
 * EXPLAIN of its query, and how long the daily counts' migration takes to backfill those signups.
 * Usage: npm run bench:partners [-- --db sqlite|postgres|both --postgres-rows N --sqlite-rows N --requests N]
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, partnerSettings } from '../server/config.js';
import { type Backend, type OpenedDatabase, withoutTimeouts } from '../server/db/database.js';
import * as postgresCounts from '../server/db/migrations/postgres/0010_partner_daily_signups.js';
import * as sqliteCounts from '../server/db/migrations/sqlite/0012_partner_daily_signups.js';
import { partnersFor } from '../server/partners/partners-for-database.js';
import { createPartnerStore } from '../server/partners/store.js';
import { DEFAULT_POSTGRES_ADMIN_URL, scratchDatabase } from '../testing/server/scratch-database.js';
import { startServerChild, stopServerChild } from './server-child.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    'postgres-rows': { type: 'string', default: '1000000' },
    'sqlite-rows': { type: 'string', default: '100000' },
    requests: { type: 'string', default: '100' },
  },
});
const backends: Backend[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as Backend];
const SECRET = 'bench-partner-link-secret-of-32-bytes-or-more';
const BIG = 'big-partner';
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * `rows` signups over the last 400 days: every tenth under BIG, the others under 2,000 other codes or none.
 * BIG's signups (the n-th is i = 10n) spread evenly over the 400 days and, within each day, over 20 pages;
 * the campaign is the week's newsletter issue. Written by the database itself, in one statement (the
 * trigger counting them as it goes).
 */
async function fill(opened: OpenedDatabase, rows: number, url?: string) {
  const columns = sql`email, email_key, inbox_key, first_requested_at, last_requested_at, request_count, source, partner, campaign, locale`;
  const partner = sql`CASE WHEN i % 10 = 0 THEN ${BIG} WHEN i % 10 = 1 THEN NULL ELSE 'p' || (i % 2000) END`;
  // n = i / 10: day n % 400, page (n / 400) % 20, the day's issue, a time of day that moves with n.
  const page = sql`'blog.example/post-' || ((i / 10 / 400) % 20) || '?utm_source=newsletter'`;
  const campaign = sql`'issue-' || ((i / 10 % 400) / 7)`;
  if (opened.backend === 'postgres') {
    const at = sql`statement_timestamp() - (i / 10 % 400) * interval '1 day' - (i * 7 % 86400) * interval '1 second'`;
    const insert = sql`INSERT INTO signups (${columns})
      SELECT 'b' || i || '@example.ng', 'b' || i || '@example.ng', 'b' || i || '@example.ng', ${at}, ${at}, 1,
        ${page}, ${partner}, ${campaign}, 'en'
      FROM generate_series(1, ${rows}) AS i`.compile(opened.db);
    // A connection of its own, without the server's timeouts: a million rows take longer than 30 s here.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(insert.sql, [...insert.parameters]);
      await client.query('VACUUM ANALYZE signups');
      await client.query('VACUUM ANALYZE partner_daily_signups');
    } finally {
      await client.end();
    }
  } else {
    const at = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i / 10 % 400) || ' days', '-' || (i * 7 % 86400) || ' seconds')`;
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
      INSERT INTO signups (${columns})
      SELECT 'b' || i || '@example.ng', 'b' || i || '@example.ng', 'b' || i || '@example.ng', ${at}, ${at}, 1,
        ${page}, ${partner}, ${campaign}, 'en' FROM n`.execute(opened.db);
    await sql`ANALYZE`.execute(opened.db);
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

async function explain(opened: OpenedDatabase): Promise<string> {
  const compiled = createPartnerStore(opened).weeksQuery(BIG).compile();
  const prefix = opened.backend === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ' : 'EXPLAIN QUERY PLAN ';
  const { rows } = await opened.db.executeQuery({ ...compiled, sql: prefix + compiled.sql });
  return rows.map((row) => Object.values(row as object).at(-1)).join('\n');
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

for (const backend of backends) {
  const rows = Number(values[backend === 'postgres' ? 'postgres-rows' : 'sqlite-rows']);
  const database = await scratchDatabase(
    backend,
    process.env.POSTGRES_ADMIN_URL ?? DEFAULT_POSTGRES_ADMIN_URL,
    'kasuwa_bench',
  );
  try {
    let started = performance.now();
    await fill(database.opened, rows, database.env.DATABASE_URL);
    console.log(
      `${backend}: ${rows.toLocaleString('en')} signups written in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()})`,
    );
    const ms = await backfill(database.opened);
    const big = await counted(database.opened);
    console.log(
      `${backend}: the migration's backfill of the daily counts took ${(ms / 1000).toFixed(1)} s; ${BIG}'s ${big.signups.toLocaleString('en')} signups are ${big.rows.toLocaleString('en')} rows (day, page, campaign) (load ${load()})`,
    );
    console.log(`EXPLAIN for the page's query:\n${await explain(database.opened)}`);
    // Retention off: its daily look, at start, scans every signup and would land on the first requests.
    const env = { ...database.env, PARTNER_LINK_SECRET: SECRET, LOG_REQUESTS: 'off', SIGNUP_RETENTION_DAYS: '0' };
    const partners = await partnersFor(
      partnerSettings(loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1' })),
      database.opened,
    );
    const link = new URL((await partners.issueLink(BIG)).url);
    const small = new URL((await partners.issueLink('p2')).url);
    const server = await startServerChild(env);
    try {
      // Ready (its start-up work done: the standings loaded), then a smaller code's page 20 times: a server
      // just started answers its first pages in hundreds of milliseconds (code not yet compiled), which is
      // not BIG's cost. BIG's first request then comes to a warm server, as on one that has been running.
      while ((await fetch(`${server.base}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 20; i++) {
        const warm = await fetch(`${server.base}${small.pathname}${small.search}`);
        if (warm.status !== 200) throw new Error(`p2's page answered ${warm.status}`);
        await warm.text();
      }
      const url = `${server.base}${link.pathname}${link.search}`;
      const times: number[] = [];
      let cpuBefore = 0;
      for (let i = 0; i <= Number(values.requests); i++) {
        started = performance.now();
        const response = await fetch(url);
        const body = await response.text();
        if (response.status !== 200 || !body.includes(BIG)) throw new Error(`the page answered ${response.status}`);
        times.push(performance.now() - started);
        // The server's own CPU for the requests after the first: the cost the machine's load does not change.
        if (i === 0) cpuBefore = cpuMs(server.child.pid!);
      }
      const cpuPerRequest = (cpuMs(server.child.pid!) - cpuBefore) / Number(values.requests);
      // Every request reads the counts (partners.ts): none is served from a cache.
      const cold = times.shift()!;
      times.sort((a, b) => a - b);
      console.log(
        `${backend}: GET the page of a partner with ${(rows / 10).toLocaleString('en')} signups: first ${cold.toFixed(0)} ms; then ${times.length} requests one at a time: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms (budget 300 ms), max ${times.at(-1)!.toFixed(0)} ms; the server's CPU ${cpuPerRequest.toFixed(0)} ms a request (load ${load()})\n`,
      );
    } finally {
      await stopServerChild(server);
    }
  } finally {
    await database.drop();
  }
}
