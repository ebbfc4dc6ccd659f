/** The transport-free core, wired to one database and configuration. HTTP and CLI both use this. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { getStoreLeaderboard } from './core/contest.js';
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
  return {
    config,
    db,
    startSelling: (input: StartSellingInput, context: RequestContext = {}) => signups.startSelling(input, context),
    onOutboxQueued(listener: () => void): () => void {
      outboxListeners.add(listener);
      return () => outboxListeners.delete(listener);
    },
    getStoreLeaderboard: (domain: string) => getStoreLeaderboard(db, config.campaign, domain),
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
