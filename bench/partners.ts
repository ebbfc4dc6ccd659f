/**
 * A partner's page at scale (docs/partners.md): N signups (1M on PostgreSQL, 100k on SQLite by default),
 * a tenth of them under one code; the page for that code over HTTP (p50/p95), and the EXPLAIN of its query.
 * Usage: npm run bench:partners [-- --db sqlite|postgres|both --postgres-rows N --sqlite-rows N --requests N]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/config.js';
import type { Backend, OpenedDatabase } from '../server/db/database.js';
import { openPartners } from '../server/partners/open.js';
import { createPartnerStore } from '../server/partners/store.js';
import { DEFAULT_POSTGRES_ADMIN_URL, scratchDatabase } from '../server/testing/scratch-database.js';
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
const SECRET = 'bench-partner-link-secret';
const BIG = 'big-partner';
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * `rows` signups over the last 400 days: every tenth under BIG (on 20 pages and 12 campaigns), the others
 * under 2,000 other codes or none. Written by the database itself, in one statement.
 */
async function fill(opened: OpenedDatabase, rows: number, url?: string) {
  const columns = sql`email, email_key, inbox_key, first_requested_at, last_requested_at, request_count, source, partner, campaign, locale`;
  const partner = sql`CASE WHEN i % 10 = 0 THEN ${BIG} WHEN i % 10 = 1 THEN NULL ELSE 'p' || (i % 2000) END`;
  if (opened.backend === 'postgres') {
    const at = sql`statement_timestamp() - (i % 400) * interval '1 day' - (i % 86400) * interval '1 second'`;
    const insert = sql`INSERT INTO signups (${columns})
      SELECT 'b' || i || '@example.ng', 'b' || i || '@example.ng', 'b' || i || '@example.ng', ${at}, ${at}, 1,
        'blog.example/post-' || (i % 20), ${partner}, 'issue-' || (i % 12), 'en'
      FROM generate_series(1, ${rows}) AS i`.compile(opened.db);
    // A connection of its own, without the server's timeouts: a million rows take longer than 30 s here.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(insert.sql, [...insert.parameters]);
      await client.query('VACUUM ANALYZE signups');
    } finally {
      await client.end();
    }
  } else {
    const at = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 400) || ' days', '-' || (i % 86400) || ' seconds')`;
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
      INSERT INTO signups (${columns})
      SELECT 'b' || i || '@example.ng', 'b' || i || '@example.ng', 'b' || i || '@example.ng', ${at}, ${at}, 1,
        'blog.example/post-' || (i % 20), ${partner}, 'issue-' || (i % 12), 'en' FROM n`.execute(opened.db);
    await sql`ANALYZE`.execute(opened.db);
  }
}

async function explain(opened: OpenedDatabase): Promise<string> {
  const compiled = createPartnerStore(opened).groupsQuery(BIG).compile();
  const prefix = opened.backend === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ' : 'EXPLAIN QUERY PLAN ';
  const { rows } = await opened.db.executeQuery({ ...compiled, sql: prefix + compiled.sql });
  return rows.map((row) => Object.values(row as object).at(-1)).join('\n');
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
    console.log(`EXPLAIN for the page's query:\n${await explain(database.opened)}`);
    const env = { ...database.env, PARTNER_LINK_SECRET: SECRET, LOG_REQUESTS: 'off' };
    const partners = await openPartners(loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1' }), database.opened);
    const link = new URL((await partners.issueLink(BIG)).url);
    const server = await startServerChild(env);
    try {
      const url = `${server.base}${link.pathname}${link.search}`;
      const times: number[] = [];
      for (let i = 0; i <= Number(values.requests); i++) {
        started = performance.now();
        const response = await fetch(url);
        const body = await response.text();
        if (response.status !== 200 || !body.includes(BIG)) throw new Error(`the page answered ${response.status}`);
        times.push(performance.now() - started);
      }
      // The first request computes the counts; the server reuses them for a minute (partners.ts).
      const cold = times.shift()!;
      times.sort((a, b) => a - b);
      console.log(
        `${backend}: GET the page of a partner with ${(rows / 10).toLocaleString('en')} signups: first (computed) ${cold.toFixed(0)} ms; then ${times.length} requests one at a time: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms (budget 300 ms), max ${times.at(-1)!.toFixed(0)} ms (load ${load()})\n`,
      );
    } finally {
      await stopServerChild(server);
    }
  } finally {
    await database.drop();
  }
}
