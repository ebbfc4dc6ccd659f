/**
 * Configuration comes from environment variables only, checked once at start. A bad value stops the
 * process with one line naming the variable (see main.ts), never a stack trace.
 */
import path from 'node:path';

export class ConfigError extends Error {}

export type Campaign = {
  /** Inclusive start, UTC ISO string. */
  startsAt: string;
  /** Inclusive end, UTC ISO string. */
  endsAt: string;
};

export type Config = {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  ingestToken: string | undefined;
  corsOrigins: string[] | undefined;
  demoData: boolean;
  campaign: Campaign;
  siteDir: string;
  widgetsDir: string;
  analytics: { gaId: string | undefined; pixelId: string | undefined; chatId: string | undefined };
  signups: SignupLimits;
  /** How many proxies in front of us append to X-Forwarded-For; 0 = use the socket address. */
  trustProxy: number;
};

/** Signup rate limits: at most `max` requests per `windowSeconds`, per client IP and per address. */
export type SignupLimits = {
  perIp: { max: number; windowSeconds: number };
  perEmail: { max: number; windowSeconds: number };
};

type Env = Record<string, string | undefined>;

function fail(name: string, value: string, expected: string): never {
  throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid: expected ${expected}.`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) fail(name, raw, `a whole number from ${min} to ${max}`);
  const value = Number(raw);
  if (value < min || value > max) fail(name, raw, `a whole number from ${min} to ${max}`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
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

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(on|true|1|yes)$/i.test(raw)) return true;
  if (/^(off|false|0|no)$/i.test(raw)) return false;
  return fail(name, raw, '"on" or "off"');
}

/** ISO 8601 date-time; without an offset it is read as Africa/Lagos time (UTC+1, no DST). */
export function parseLagosTime(name: string, raw: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/;
  if (!iso.test(raw)) fail(name, raw, 'an ISO 8601 date-time such as 2026-12-01T00:00:00+01:00');
  let text = raw.length === 10 ? `${raw}T00:00:00` : raw;
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(text)) text += '+01:00';
  const time = Date.parse(text);
  if (Number.isNaN(time)) fail(name, raw, 'an existing date and time');
  return new Date(time).toISOString();
}

function trustProxy(env: Env): number {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw === '' || /^(off|false|no)$/i.test(raw)) return 0;
  if (/^(on|true|yes)$/i.test(raw)) return 1;
  return integer(env, 'TRUST_PROXY', 0, 0, 10);
}

export const DEFAULT_CAMPAIGN = {
  start: '2026-12-01T00:00:00+01:00',
  end: '2027-01-31T23:59:59.999+01:00',
};

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  if (!['production', 'development', 'test'].includes(nodeEnvRaw)) {
    fail('NODE_ENV', nodeEnvRaw, '"production", "development" or "test"');
  }
  const nodeEnv = nodeEnvRaw as Config['nodeEnv'];
  const dataDir = path.resolve(root, env.DATA_DIR || 'var');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:', 'sqlite:']);
  if (databaseUrl && !databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError(
      'DATABASE_URL: PostgreSQL is not wired in yet; unset it to use the embedded SQLite database under DATA_DIR.',
    );
  }
  const ingestToken = env.INGEST_TOKEN || undefined;
  if (ingestToken !== undefined && ingestToken.length < 16) {
    fail('INGEST_TOKEN', '…', 'at least 16 characters');
  }
  const startsAt = parseLagosTime('CAMPAIGN_START', env.CAMPAIGN_START || DEFAULT_CAMPAIGN.start);
  const endsAt = parseLagosTime('CAMPAIGN_END', env.CAMPAIGN_END || DEFAULT_CAMPAIGN.end);
  if (endsAt <= startsAt) fail('CAMPAIGN_END', env.CAMPAIGN_END ?? endsAt, 'a time after CAMPAIGN_START');
  const mailFrom = env.MAIL_FROM || 'Kasuwa <hello@kasuwa.shop>';
  if (!/@/.test(mailFrom)) fail('MAIL_FROM', mailFrom, 'an address such as "Kasuwa <hello@kasuwa.shop>"');
  const corsOrigins = env.CORS_ORIGINS
    ? env.CORS_ORIGINS.split(',').map((origin) => {
        const trimmed = origin.trim();
        if (!/^https?:\/\/[^/\s]+$/.test(trimmed))
          fail('CORS_ORIGINS', env.CORS_ORIGINS ?? '', 'comma-separated origins such as https://blog.example');
        return trimmed;
      })
    : undefined;
  return {
    nodeEnv,
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    ingestToken,
    corsOrigins,
    demoData: flag(env, 'DEMO_DATA', true),
    campaign: { startsAt, endsAt },
    siteDir: path.resolve(root, env.SITE_DIR || 'dist/site'),
    widgetsDir: path.resolve(root, env.WIDGETS_DIR || 'dist/widgets'),
    analytics: {
      gaId: env.GA_MEASUREMENT_ID || undefined,
      pixelId: env.META_PIXEL_ID || undefined,
      chatId: env.CHAT_WIDGET_ID || undefined,
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
    trustProxy: trustProxy(env),
  };
}
