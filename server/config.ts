/**
 * Configuration comes from environment variables only, checked once at start. A bad value stops the
 * process with one line naming the variable (see main.ts), never a stack trace.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Campaign } from '../common/campaign.js';
import type { ConfigVariableName } from '../common/config-variables.js';
import { LAGOS_OFFSET } from '../common/lagos-time.js';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './db/timeouts.js';
import type { DkimSigning } from './mail/transport.js';
import { MIN_PARTNER_LINK_SECRET_BYTES } from './partners/links.js';

export class ConfigError extends Error {}

export type { Campaign } from '../common/campaign.js';

export type Config = {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: bounds on every session's statements and lock waits, and on the wait for a connection. */
  databaseTimeouts: DatabaseTimeouts;
  /** PostgreSQL not answering at start: how long to keep trying before exiting (main.ts). */
  databaseStartWaitSeconds: number;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Every mail is signed with this DKIM key when set (docs/signups.md, "DKIM"). */
  dkim: DkimSigning | undefined;
  ingestToken: string | undefined;
  corsOrigins: string[] | undefined;
  demoData: boolean;
  campaign: Campaign;
  /** Hours after the window closes before `contest:standings --final` may write the result (late ingests). */
  contestGraceHours: number;
  /** How long a rank lookup sent as GET may be kept by a browser or a shared cache (docs/scaling.md). */
  rankCacheSeconds: number;
  siteDir: string;
  widgetsDir: string;
  /** Each released widget version's files, in a folder named by its version (scripts/build-releases.mjs). */
  widgetReleasesDir: string;
  /** The module that renders the pages the server answers itself (see load-page-renderers.ts). */
  sitePagesModule: string;
  /** `on-request` renders every page per request (npm run dev); `build` serves dist/site. */
  siteRender: 'build' | 'on-request';
  /** One JSON line per request on stdout. */
  logRequests: boolean;
  analytics: { gaId: string | undefined; pixelId: string | undefined; chatId: string | undefined };
  signups: SignupLimits;
  /** Signups not requested again for this many days are erased (docs/signups.md, "Retention"); 0 keeps them. */
  signupRetentionDays: number;
  /** How long the mail worker holds the rows it claimed before another worker may take them over. */
  mailLeaseSeconds: number;
  /** How many proxies in front of us append to X-Forwarded-For; 0 = use the socket address. */
  trustProxy: number;
  /** /metrics (docs/operations.md): on its own port, and/or on the main port behind this bearer token. */
  metricsPort: number | undefined;
  metricsToken: string | undefined;
  /** Where the signup limits count when set: Redis, shared by every server (docs/scaling.md). */
  redisUrl: string | undefined;
  /** The IP-hash salt; unset, it is made once per installation (the database, or DATA_DIR on SQLite). */
  ipHashSalt: string | undefined;
  /** Signs the stop-e-mail links and hashes suppressed inboxes; unset: made once (db/installation.ts). */
  privacySecret: string | undefined;
  /** Signs partners' links to their own counts; unset: made once (db/installation.ts). */
  partnerLinkSecret: string | undefined;
  /** A partner-link secret being rotated out: links it signed still open, new ones are not signed with it. */
  partnerLinkSecretPrevious: string | undefined;
  /** Partners' pages: seconds a code's numbers are kept per server (0: none), and the requests allowed per link. */
  partnerPages: { cacheSeconds: number; perLink: { max: number; windowSeconds: number } };
  /** The operator runs one server only on a shared database, so `.eml` files under DATA_DIR are fine. */
  singleServer: boolean;
};

/** Signup rate limits: at most `max` requests per `windowSeconds`, per client IP and per address. */
export type SignupLimits = {
  perIp: { max: number; windowSeconds: number };
  perEmail: { max: number; windowSeconds: number };
};

type Env = Record<string, string | undefined>;

/** Every read goes through here, so only variables listed in common/config-variables.ts can be read. */
function read(env: Env, name: ConfigVariableName): string | undefined {
  return env[name];
}

function fail(name: string, value: string, expected: string): never {
  throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid: expected ${expected}.`);
}

function integer(env: Env, name: ConfigVariableName, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) fail(name, raw, `a whole number from ${min} to ${max}`);
  const value = Number(raw);
  if (value < min || value > max) fail(name, raw, `a whole number from ${min} to ${max}`);
  return value;
}

function url(env: Env, name: ConfigVariableName, protocols: string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return fail(name, raw, `a URL starting with ${protocols.join(' or ')}`);
  }
  if (!protocols.includes(parsed.protocol)) fail(name, raw, `a URL starting with ${protocols.join(' or ')}`);
  return raw;
}

function flag(env: Env, name: ConfigVariableName, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined || raw === '') return fallback;
  if (/^(on|true|1|yes)$/i.test(raw)) return true;
  if (/^(off|false|0|no)$/i.test(raw)) return false;
  return fail(name, raw, '"on" or "off"');
}

/** ISO 8601 date-time; without an offset it is read as Africa/Lagos time (UTC+1, no DST). */
export function parseLagosTime(name: ConfigVariableName, raw: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/;
  if (!iso.test(raw)) fail(name, raw, 'an ISO 8601 date-time such as 2026-12-01T00:00:00+01:00');
  let text = raw.length === 10 ? `${raw}T00:00:00` : raw;
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(text)) text += LAGOS_OFFSET;
  const time = Date.parse(text);
  if (Number.isNaN(time)) fail(name, raw, 'an existing date and time');
  // Date.parse rolls 2026-02-30 over to March 2: the day, read back in the given offset, must match.
  const [, sign, hours, minutes] = /([+-])(\d{2}):(\d{2})$/.exec(text) ?? ['', '+', '00', '00'];
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  if (new Date(time + offsetMs).toISOString().slice(0, 10) !== raw.slice(0, 10)) {
    fail(name, raw, 'an existing date and time');
  }
  return new Date(time).toISOString();
}

/** One of a few words; the first is the default. */
function oneOf<T extends string>(env: Env, name: ConfigVariableName, choices: readonly [T, ...T[]]): T {
  const raw = read(env, name);
  if (raw === undefined || raw === '') return choices[0];
  if (!(choices as readonly string[]).includes(raw)) fail(name, raw, choices.map((c) => `"${c}"`).join(' or '));
  return raw as T;
}

function trustProxy(env: Env): number {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === '' || /^(off|false|no)$/i.test(raw)) return 0;
  if (/^(on|true|yes)$/i.test(raw)) return 1;
  return integer(env, 'TRUST_PROXY', 0, 0, 10);
}

/** Two campaign seasons: why, in docs/signups.md ("Retention"). */
export const DEFAULT_SIGNUP_RETENTION_DAYS = 730;

const DKIM_NAMES = ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY', 'DKIM_PRIVATE_KEY_FILE'] as const;

/**
 * DKIM_DOMAIN, DKIM_SELECTOR and one of DKIM_PRIVATE_KEY / DKIM_PRIVATE_KEY_FILE, all or none. The key is
 * parsed here: nodemailer sends a mail unsigned, without a word, when its key cannot sign. The key is
 * never echoed in a message.
 */
function dkim(env: Env, root: string): DkimSigning | undefined {
  const [domain, selector, keyText, keyFile] = DKIM_NAMES.map((name) => read(env, name) || undefined);
  if (!domain && !selector && !keyText && !keyFile) return undefined;
  if (keyText && keyFile) {
    throw new ConfigError('DKIM_PRIVATE_KEY and DKIM_PRIVATE_KEY_FILE are both set: set one of them.');
  }
  const missing = [
    !domain && 'DKIM_DOMAIN',
    !selector && 'DKIM_SELECTOR',
    !keyText && !keyFile && 'DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE)',
  ].filter(Boolean);
  if (missing.length) {
    throw new ConfigError(
      `${missing.join(' and ')} not set: DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together, or none of them.`,
    );
  }
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  if (!new RegExp(`^${label}(?:\\.${label})+$`, 'i').test(domain!)) {
    fail('DKIM_DOMAIN', domain!, 'a domain such as kasuwa.shop');
  }
  if (!new RegExp(`^${label}(?:\\.${label})*$`, 'i').test(selector!)) {
    fail('DKIM_SELECTOR', selector!, 'a DNS label such as kasuwa2026');
  }
  let pem: string;
  let name: ConfigVariableName;
  if (keyFile) {
    name = 'DKIM_PRIVATE_KEY_FILE';
    try {
      pem = fs.readFileSync(path.resolve(root, keyFile), 'utf8');
    } catch (error) {
      return fail(name, keyFile, `a readable file (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
  } else {
    name = 'DKIM_PRIVATE_KEY';
    // An environment file often holds the PEM on one line with \n for its line breaks.
    pem = keyText!.includes('\n') ? keyText! : keyText!.replaceAll('\\n', '\n');
  }
  const shown = name === 'DKIM_PRIVATE_KEY' ? '…' : keyFile!;
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(pem);
  } catch {
    return fail(name, shown, 'an unencrypted RSA private key in PEM (-----BEGIN PRIVATE KEY-----)');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 1024) {
    const found = key.asymmetricKeyType === 'rsa' ? `RSA ${bits} bits` : key.asymmetricKeyType;
    fail(name, shown, `an RSA key of at least 1024 bits, 2048 advised (this one is ${found})`);
  }
  return { domainName: domain!.toLowerCase(), keySelector: selector!, privateKey: pem };
}

/**
 * A partner-link key: unset, or at least MIN_PARTNER_LINK_SECRET_BYTES of UTF-8. Set but empty is refused,
 * not read as unset: a key that went missing on its way to the server would otherwise void every link.
 */
function partnerLinkKey(env: Env, name: 'PARTNER_LINK_SECRET' | 'PARTNER_LINK_SECRET_PREVIOUS'): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  if (Buffer.byteLength(value, 'utf8') < MIN_PARTNER_LINK_SECRET_BYTES) {
    fail(
      name,
      value === '' ? '' : '…',
      `at least ${MIN_PARTNER_LINK_SECRET_BYTES} bytes, such as the output of \`openssl rand -base64 32\`, or the variable unset`,
    );
  }
  return value;
}

export const DEFAULT_CAMPAIGN = {
  start: '2026-12-01T00:00:00+01:00',
  end: '2027-01-31T23:59:59.999+01:00',
};

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const nodeEnvRaw = read(env, 'NODE_ENV') ?? 'development';
  if (!['production', 'development', 'test'].includes(nodeEnvRaw)) {
    fail('NODE_ENV', nodeEnvRaw, '"production", "development" or "test"');
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv'];
  const dataDir = path.resolve(root, read(env, 'DATA_DIR') || 'var');
  // postgres:// selects PostgreSQL; sqlite:FILE an SQLite file elsewhere than DATA_DIR (README "Configuration").
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:', 'sqlite:']);
  if (databaseUrl?.startsWith('sqlite:') && databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '') === '') {
    fail('DATABASE_URL', databaseUrl, 'sqlite: followed by a file path, such as sqlite:var/kasuwa.sqlite');
  }
  const ingestToken = read(env, 'INGEST_TOKEN') || undefined;
  const ipHashSalt = read(env, 'IP_HASH_SALT') || undefined;
  if (ipHashSalt !== undefined && ipHashSalt.length < 16) fail('IP_HASH_SALT', '…', 'at least 16 characters');
  const privacySecret = read(env, 'PRIVACY_SECRET') || undefined;
  if (privacySecret !== undefined && privacySecret.length < 16) fail('PRIVACY_SECRET', '…', 'at least 16 characters');
  const partnerLinkSecret = partnerLinkKey(env, 'PARTNER_LINK_SECRET');
  const partnerLinkSecretPrevious = partnerLinkKey(env, 'PARTNER_LINK_SECRET_PREVIOUS');
  // The previous key only verifies: without a current one the server would sign with a key made once.
  if (partnerLinkSecretPrevious !== undefined && partnerLinkSecret === undefined)
    fail('PARTNER_LINK_SECRET_PREVIOUS', '…', 'PARTNER_LINK_SECRET set too (the new key; this one is the old)');
  if (partnerLinkSecretPrevious !== undefined && partnerLinkSecretPrevious === partnerLinkSecret)
    fail('PARTNER_LINK_SECRET_PREVIOUS', '…', 'the old key, not the same as PARTNER_LINK_SECRET');
  if (ingestToken !== undefined && ingestToken.length < 16) {
    fail('INGEST_TOKEN', '…', 'at least 16 characters');
  }
  const metricsToken = read(env, 'METRICS_TOKEN') || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    fail('METRICS_TOKEN', '…', 'at least 16 characters');
  }
  const startsAt = parseLagosTime('CAMPAIGN_START', read(env, 'CAMPAIGN_START') || DEFAULT_CAMPAIGN.start);
  const endsAt = parseLagosTime('CAMPAIGN_END', read(env, 'CAMPAIGN_END') || DEFAULT_CAMPAIGN.end);
  if (endsAt <= startsAt) fail('CAMPAIGN_END', read(env, 'CAMPAIGN_END') ?? endsAt, 'a time after CAMPAIGN_START');
  const mailFrom = read(env, 'MAIL_FROM') || 'Kasuwa <hello@kasuwa.shop>';
  if (!/@/.test(mailFrom)) fail('MAIL_FROM', mailFrom, 'an address such as "Kasuwa <hello@kasuwa.shop>"');
  const corsRaw = read(env, 'CORS_ORIGINS');
  const corsOrigins = corsRaw
    ? corsRaw.split(',').map((origin) => {
        const trimmed = origin.trim();
        if (!/^https?:\/\/[^/\s]+$/.test(trimmed))
          fail('CORS_ORIGINS', corsRaw, 'comma-separated origins such as https://blog.example');
        return trimmed;
      })
    : undefined;
  return {
    nodeEnv,
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: read(env, 'HOST') || '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseTimeouts: {
      statementMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUTS.statementMs, 0, 3_600_000),
      lockMs: integer(env, 'DATABASE_LOCK_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUTS.lockMs, 0, 3_600_000),
      connectMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUTS.connectMs, 0, 3_600_000),
    },
    databaseStartWaitSeconds: integer(env, 'DATABASE_START_WAIT_SECONDS', 60, 0, 86_400),
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    dkim: dkim(env, root),
    ingestToken,
    corsOrigins,
    // Demo stores with contest sales would take prize places: production has them only when asked.
    demoData: flag(env, 'DEMO_DATA', nodeEnv !== 'production'),
    campaign: { startsAt, endsAt },
    contestGraceHours: integer(env, 'CONTEST_GRACE_HOURS', 72, 0, 8760),
    rankCacheSeconds: integer(env, 'RANK_CACHE_SECONDS', 60, 0, 3600),
    siteDir: path.resolve(root, read(env, 'SITE_DIR') || 'dist/site'),
    widgetsDir: path.resolve(root, read(env, 'WIDGETS_DIR') || 'dist/widgets'),
    widgetReleasesDir: path.resolve(root, read(env, 'WIDGET_RELEASES_DIR') || 'releases/widgets'),
    sitePagesModule: path.resolve(root, read(env, 'SITE_PAGES') || 'dist/server/site-pages.js'),
    siteRender: oneOf(env, 'SITE_RENDER', ['build', 'on-request'] as const),
    logRequests: flag(env, 'LOG_REQUESTS', true),
    analytics: {
      gaId: read(env, 'GA_MEASUREMENT_ID') || undefined,
      pixelId: read(env, 'META_PIXEL_ID') || undefined,
      chatId: read(env, 'CHAT_WIDGET_ID') || undefined,
    },
    signups: {
      perIp: {
        max: integer(env, 'SIGNUP_IP_LIMIT', 300, 1, 1_000_000_000),
        windowSeconds: integer(env, 'SIGNUP_IP_WINDOW', 3600, 1, 86_400),
      },
      perEmail: {
        max: integer(env, 'SIGNUP_EMAIL_LIMIT', 3, 1, 1_000_000_000),
        windowSeconds: integer(env, 'SIGNUP_EMAIL_WINDOW', 3600, 1, 86_400),
      },
    },
    signupRetentionDays: integer(env, 'SIGNUP_RETENTION_DAYS', DEFAULT_SIGNUP_RETENTION_DAYS, 0, 36_500),
    // DEFAULT_LEASE_MS of server/mail/transport.ts (config.test.ts checks they agree).
    mailLeaseSeconds: integer(env, 'MAIL_LEASE_SECONDS', 80, 1, 86_400),
    trustProxy: trustProxy(env),
    metricsPort: read(env, 'METRICS_PORT') ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined,
    metricsToken,
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    ipHashSalt,
    privacySecret,
    partnerLinkSecret,
    partnerLinkSecretPrevious,
    partnerPages: {
      cacheSeconds: integer(env, 'PARTNER_CACHE_SECONDS', 60, 0, 3600),
      perLink: {
        max: integer(env, 'PARTNER_LINK_LIMIT', 60, 1, 1_000_000_000),
        windowSeconds: integer(env, 'PARTNER_LINK_WINDOW', 600, 1, 86_400),
      },
    },
    singleServer: flag(env, 'SINGLE_SERVER', false),
  };
}
