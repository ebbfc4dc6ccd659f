/** The transport-free core, wired to one database and configuration. HTTP and CLI both use this. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { ContestBoard } from './core/contest.js';
import { importSales, parseSalesNdjson } from './core/intake.js';
import { createSignups, type RequestContext, type StartSellingInput } from './core/signups.js';
import type { OpenedDatabase } from './db/database.js';

export type Services = ReturnType<typeof createServices>;

export function createServices(config: Config, opened: OpenedDatabase) {
  const { db } = opened;
  const salt = ipHashSalt(config.dataDir);
  /** Listeners for "an e-mail was queued" (the delivery worker). */
  const outboxListeners = new Set<() => void>();
  const signups = createSignups(db, {
    limits: config.signups,
    onQueued: () => {
      for (const listener of outboxListeners) listener();
    },
  });
  const contest = new ContestBoard(opened.sqlite, config.campaign);
  contest.start();
  return {
    config,
    db,
    startSelling: (input: StartSellingInput, context: RequestContext = {}) => signups.startSelling(input, context),
    onOutboxQueued(listener: () => void): () => void {
      outboxListeners.add(listener);
      return () => outboxListeners.delete(listener);
    },
    contest,
    getStoreLeaderboard: (domain: string) => contest.lookup(domain),
    /** POST /ingest/sales: NDJSON sales, all or nothing; this process's index sees them at once. */
    async ingestSales(ndjson: string) {
      // Hold Kysely's connection while the synchronous import runs, so it never nests inside a signup's
      // open transaction on the same SQLite connection.
      const summary = await db
        .connection()
        .execute(async () => importSales(opened.sqlite, config.campaign, parseSalesNdjson(ndjson)));
      contest.refresh();
      return summary;
    },
    close: () => contest.stop(),
    /** Signups keep a salted hash of the IP (for abuse limits and audits), never the address itself. */
    hashIp: (ip: string): string | null =>
      ip ? crypto.createHmac('sha256', salt).update(ip).digest('base64url').slice(0, 22) : null,
    async healthy(): Promise<boolean> {
      try {
        opened.sqlite.prepare('SELECT 1').get();
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** One random salt per installation, kept beside the database so hashes stay comparable across restarts. */
function ipHashSalt(dataDir: string): Buffer {
  const file = path.join(dataDir, 'ip-hash.salt');
  try {
    return fs.readFileSync(file);
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const salt = crypto.randomBytes(32);
    fs.writeFileSync(file, salt, { mode: 0o600, flag: 'wx' });
    return salt;
  }
}
