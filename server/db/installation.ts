/**
 * What every server on one database must agree on, kept in the database (docs/scaling.md): the IP-hash
 * salt, the privacy secret and the campaign window, each written once by the first server (`INSERT … ON CONFLICT DO
 * NOTHING`) and read back by all; and a lock so work done once at start (demo data) is done once when
 * several servers start together.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Campaign } from '../../common/campaign.js';
import type { OpenedDatabase, OpenedPostgres } from './database.js';

/** The installation's value for `key`: `proposed` if none was stored yet, else the one stored first. */
async function settle(opened: OpenedPostgres, key: string, proposed: string): Promise<string> {
  await sql`INSERT INTO installation (key, value) VALUES (${key}, ${proposed}) ON CONFLICT (key) DO NOTHING`.execute(
    opened.db,
  );
  return storedValue(opened, key) as Promise<string>;
}

async function storedValue(opened: OpenedPostgres, key: string): Promise<string | undefined> {
  const { rows } = await sql<{ value: string }>`SELECT value FROM installation WHERE key = ${key}`.execute(opened.db);
  return rows[0]?.value;
}

/**
 * A secret every server on one database shares, made once: `configured` (its environment variable) wins
 * when set; else on PostgreSQL one random value per database, so every server agrees; on SQLite a file
 * beside the database, as the IP-hash salt always was, so existing installs keep their values.
 */
async function installationSecret(
  opened: OpenedDatabase,
  dataDir: string,
  names: { key: string; file: string },
  configured?: string,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  if (opened.backend === 'postgres') {
    return Buffer.from(await settle(opened, names.key, crypto.randomBytes(32).toString('base64')), 'base64');
  }
  const file = path.join(dataDir, names.file);
  try {
    return fs.readFileSync(file);
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32);
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** The salt that turns client IPs into hashes (IP_HASH_SALT, or made once). */
export const ipHashSalt = (opened: OpenedDatabase, dataDir: string, configured?: string) =>
  installationSecret(opened, dataDir, { key: 'ip_hash_salt', file: 'ip-hash.salt' }, configured);

/**
 * The key that signs the stop-e-mail links and hashes the suppressed inboxes (PRIVACY_SECRET, or made
 * once): changing it voids every link already sent and forgets the suppression list.
 */
export const privacySecret = (opened: OpenedDatabase, dataDir: string, configured?: string) =>
  installationSecret(opened, dataDir, { key: 'privacy_secret', file: 'privacy.secret' }, configured);

/** The key that signs partners' links to their counts (PARTNER_LINK_SECRET, or made once; docs/partners.md). */
export const partnerLinkSecret = (opened: OpenedDatabase, dataDir: string, configured?: string) =>
  installationSecret(opened, dataDir, { key: 'partner_link_secret', file: 'partner-link.secret' }, configured);

const WINDOW_KEY = 'campaign_window';
const describeWindow = (campaign: Campaign) => `${campaign.startsAt} to ${campaign.endsAt}`;

/**
 * On PostgreSQL the first server stores its campaign window; a server whose CAMPAIGN_START/CAMPAIGN_END
 * differ would count sales in another window than its neighbours, so it gets the one line to print
 * instead of starting. SQLite has one server, whose standings follow its environment as before.
 */
export async function campaignWindowConflict(opened: OpenedDatabase, campaign: Campaign): Promise<string | undefined> {
  if (opened.backend !== 'postgres') return undefined;
  const stored = await settle(opened, WINDOW_KEY, JSON.stringify(campaign));
  const window = JSON.parse(stored) as Campaign;
  if (window.startsAt === campaign.startsAt && window.endsAt === campaign.endsAt) return undefined;
  return `CAMPAIGN_START/CAMPAIGN_END (${describeWindow(campaign)}) differ from this database's campaign window (${describeWindow(window)}): fix the environment, or change the window on purpose with \`npm run admin -- campaign-window\`.`;
}

/** The stored window, for the admin command; undefined on SQLite or before any server started. */
export async function storedCampaignWindow(opened: OpenedDatabase): Promise<Campaign | undefined> {
  if (opened.backend !== 'postgres') return undefined;
  const stored = await storedValue(opened, WINDOW_KEY);
  return stored ? (JSON.parse(stored) as Campaign) : undefined;
}

/** Replaces the stored window (the admin command, on purpose); servers started after this must agree. */
export async function storeCampaignWindow(opened: OpenedPostgres, campaign: Campaign): Promise<void> {
  await sql`INSERT INTO installation (key, value) VALUES (${WINDOW_KEY}, ${JSON.stringify(campaign)})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(opened.db);
}

/**
 * Runs `work` while holding a PostgreSQL session advisory lock named `name`, so of several servers
 * starting together one does it and the others wait, then find it done. On SQLite it just runs.
 */
export async function onceAtStart<T>(opened: OpenedDatabase, name: string, work: () => Promise<T>): Promise<T> {
  if (opened.backend !== 'postgres') return work();
  const client = await opened.pool.connect();
  try {
    // The wait for the other server's work is meant: not bounded by DATABASE_LOCK_TIMEOUT_MS.
    await client.query('SET lock_timeout = 0');
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      await client.query('RESET lock_timeout');
    }
  } finally {
    client.release();
  }
}
