import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_VARIABLE_NAMES } from '../common/config-variables.js';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_LEASE_MS } from './mail/transport.js';

describe('loadConfig', () => {
  it('should read every variable the configuration table lists, and no other', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get(_target, name) {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    loadConfig(env);
    expect([...read].sort()).toEqual([...ALL_VARIABLE_NAMES].sort());
  });

  it('given no environment should use the documented defaults', () => {
    const config = loadConfig({}, '/srv/kasuwa');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/kasuwa/var');
    expect(config.demoData).toBe(true);
    expect(config.campaign).toEqual({ startsAt: '2026-11-30T23:00:00.000Z', endsAt: '2027-01-31T22:59:59.999Z' });
    expect(config.contestGraceHours).toBe(72);
    expect(config.mailLeaseSeconds * 1000).toBe(DEFAULT_LEASE_MS);
  });

  it('given NODE_ENV=production should load no demo data unless DEMO_DATA asks for it', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/kasuwa').demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'on' }, '/srv/kasuwa').demoData).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT="abc" is not valid/],
    [{ PORT: '70000' }, /^PORT="70000"/],
    [{ DEMO_DATA: 'maybe' }, /^DEMO_DATA="maybe"/],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL=/],
    [{ CAMPAIGN_START: 'soon' }, /^CAMPAIGN_START="soon"/],
    [{ CONTEST_GRACE_HOURS: '-1' }, /^CONTEST_GRACE_HOURS="-1"/],
    [{ CAMPAIGN_START: '2027-02-01', CAMPAIGN_END: '2027-01-01' }, /^CAMPAIGN_END=/],
    // Days that do not exist, which Date.parse would roll into the next month.
    [{ CAMPAIGN_START: '2026-02-30' }, /^CAMPAIGN_START="2026-02-30" is not valid: expected an existing date/],
    [{ CAMPAIGN_END: '2027-04-31T12:00:00+01:00' }, /^CAMPAIGN_END="2027-04-31T12:00:00\+01:00" is not valid/],
    [{ CAMPAIGN_END: '2027-01-31T24:00' }, /^CAMPAIGN_END="2027-01-31T24:00" is not valid/],
    [{ SITE_RENDER: 'sometimes' }, /^SITE_RENDER="sometimes" is not valid: expected "build" or "on-request"/],
    [{ LOG_REQUESTS: 'quiet' }, /^LOG_REQUESTS="quiet" is not valid/],
    [
      { DATABASE_URL: 'mysql://db/kasuwa' },
      /^DATABASE_URL="mysql:\/\/db\/kasuwa" is not valid: expected a URL starting with postgres:/,
    ],
    [{ DATABASE_URL: 'sqlite:' }, /^DATABASE_URL="sqlite:" is not valid: expected sqlite: followed by a file path/],
    [{ MAIL_LEASE_SECONDS: '0' }, /^MAIL_LEASE_SECONDS="0"/],
    [{ METRICS_PORT: 'private' }, /^METRICS_PORT="private" is not valid/],
    [{ METRICS_TOKEN: 'short' }, /^METRICS_TOKEN="…" is not valid: expected at least 16 characters/],
  ])('given %j should refuse with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('given the last day of a month in another offset should accept it', () => {
    const config = loadConfig({ CAMPAIGN_START: '2026-02-28T23:30:00-05:00', CAMPAIGN_END: '2027-02-28' });
    expect(config.campaign.startsAt).toBe('2026-03-01T04:30:00.000Z');
  });

  it('given the page and log settings should read them here, with the documented defaults', () => {
    expect(loadConfig({}, '/srv/kasuwa')).toMatchObject({
      siteRender: 'build',
      logRequests: true,
      siteDir: '/srv/kasuwa/dist/site',
      widgetsDir: '/srv/kasuwa/dist/widgets',
      sitePagesModule: '/srv/kasuwa/dist/server/site-pages.js',
    });
    expect(loadConfig({ SITE_RENDER: 'on-request', LOG_REQUESTS: 'off', SITE_DIR: 'out/site' }, '/srv')).toMatchObject({
      siteRender: 'on-request',
      logRequests: false,
      siteDir: '/srv/out/site',
    });
  });

  it.each([
    'postgres://kasuwa:secret@db.internal:5432/kasuwa',
    'postgresql://db.internal/kasuwa',
    'sqlite:/srv/kasuwa/other.sqlite',
  ])('given DATABASE_URL=%s should accept it', (databaseUrl) => {
    expect(loadConfig({ DATABASE_URL: databaseUrl }).databaseUrl).toBe(databaseUrl);
  });

  it('given a campaign time without offset should read it as Lagos time', () => {
    const config = loadConfig({ CAMPAIGN_START: '2026-12-24T09:00', CAMPAIGN_END: '2026-12-26' });
    expect(config.campaign.startsAt).toBe('2026-12-24T08:00:00.000Z');
    expect(config.campaign.endsAt).toBe('2026-12-25T23:00:00.000Z');
  });
});

describe('loadConfig for signups', () => {
  it('given no environment should use generous per-IP and strict per-address limits and trust no proxy', () => {
    const config = loadConfig({});
    expect(config.signups).toEqual({
      perIp: { max: 300, windowSeconds: 3600 },
      perEmail: { max: 3, windowSeconds: 3600 },
    });
    expect(config.trustProxy).toBe(0);
  });

  it.each([
    [{ TRUST_PROXY: 'on' }, 1],
    [{ TRUST_PROXY: '2' }, 2],
    [{ TRUST_PROXY: 'off' }, 0],
  ])('given %j should trust %i proxies', (env, hops) => {
    expect(loadConfig(env).trustProxy).toBe(hops);
  });

  it.each([
    [{ SIGNUP_IP_LIMIT: '0' }, /^SIGNUP_IP_LIMIT="0"/],
    [{ SIGNUP_EMAIL_WINDOW: 'hour' }, /^SIGNUP_EMAIL_WINDOW="hour"/],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY="maybe"/],
    [
      { REDIS_URL: 'http://cache:6379' },
      /^REDIS_URL="http:\/\/cache:6379" is not valid: expected a URL starting with redis:/,
    ],
    [{ IP_HASH_SALT: 'short' }, /^IP_HASH_SALT="…" is not valid: expected at least 16 characters/],
    [{ SINGLE_SERVER: 'alone' }, /^SINGLE_SERVER="alone"/],
  ])('given %j should refuse with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig for several servers', () => {
  it('given no environment should count limits where the database is, make its own salt, and not claim to be alone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ redisUrl: undefined, ipHashSalt: undefined, singleServer: false });
  });

  it('given REDIS_URL, IP_HASH_SALT and SINGLE_SERVER should read them', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://cache:6379/0',
      IP_HASH_SALT: 'a-long-shared-secret-salt',
      SINGLE_SERVER: 'on',
    });
    expect(config).toMatchObject({
      redisUrl: 'redis://cache:6379/0',
      ipHashSalt: 'a-long-shared-secret-salt',
      singleServer: true,
    });
  });
});

describe('loadConfig for partner links', () => {
  const KEY = 'k'.repeat(32);
  const OLD = 'o'.repeat(32);

  it('given no key should leave both unset (a key is made once)', () => {
    expect(loadConfig({})).toMatchObject({ partnerLinkSecret: undefined, partnerLinkSecretPrevious: undefined });
  });

  it('given a key of 32 bytes, and the previous one while rotating, should read both', () => {
    // 11 euro signs are 11 characters but 33 bytes: the minimum is in bytes.
    expect(loadConfig({ PARTNER_LINK_SECRET: '€'.repeat(11) }).partnerLinkSecret).toBe('€'.repeat(11));
    expect(loadConfig({ PARTNER_LINK_SECRET: KEY, PARTNER_LINK_SECRET_PREVIOUS: OLD })).toMatchObject({
      partnerLinkSecret: KEY,
      partnerLinkSecretPrevious: OLD,
    });
  });

  it.each([
    [{ PARTNER_LINK_SECRET: '' }, 'PARTNER_LINK_SECRET=""'],
    [{ PARTNER_LINK_SECRET: 'k'.repeat(31) }, 'PARTNER_LINK_SECRET="…"'],
    [{ PARTNER_LINK_SECRET: '€'.repeat(10) }, 'PARTNER_LINK_SECRET="…"'],
    [{ PARTNER_LINK_SECRET: KEY, PARTNER_LINK_SECRET_PREVIOUS: '' }, 'PARTNER_LINK_SECRET_PREVIOUS=""'],
    [{ PARTNER_LINK_SECRET: KEY, PARTNER_LINK_SECRET_PREVIOUS: 'short' }, 'PARTNER_LINK_SECRET_PREVIOUS="…"'],
  ])('given %j should refuse it, naming the variable and the 32-byte minimum', (env, shown) => {
    expect(() => loadConfig(env)).toThrow(
      new ConfigError(
        `${shown} is not valid: expected at least 32 bytes, such as the output of \`openssl rand -base64 32\`, or the variable unset.`,
      ),
    );
  });

  it('given the previous key without a current one, or equal to it, should refuse it', () => {
    expect(() => loadConfig({ PARTNER_LINK_SECRET_PREVIOUS: OLD })).toThrow(
      /^PARTNER_LINK_SECRET_PREVIOUS="…" is not valid: expected PARTNER_LINK_SECRET set too/,
    );
    expect(() => loadConfig({ PARTNER_LINK_SECRET: KEY, PARTNER_LINK_SECRET_PREVIOUS: KEY })).toThrow(
      /^PARTNER_LINK_SECRET_PREVIOUS="…" is not valid: expected the old key, not the same as PARTNER_LINK_SECRET/,
    );
  });
});

describe('loadConfig for signup retention', () => {
  it('given no environment should keep signups 730 days; 0 keeps them for ever', () => {
    expect(loadConfig({}).signupRetentionDays).toBe(730);
    expect(loadConfig({ SIGNUP_RETENTION_DAYS: '0' }).signupRetentionDays).toBe(0);
    expect(loadConfig({ SIGNUP_RETENTION_DAYS: '365' }).signupRetentionDays).toBe(365);
  });

  it.each(['-1', 'two years', '1.5', '40000'])(
    'given SIGNUP_RETENTION_DAYS=%j should refuse with one line',
    (value) => {
      expect(() => loadConfig({ SIGNUP_RETENTION_DAYS: value })).toThrow(
        new RegExp(
          `^SIGNUP_RETENTION_DAYS=${JSON.stringify(value).replace('.', '\\.')} is not valid: expected a whole number from 0 to 36500`,
        ),
      );
    },
  );
});

describe('loadConfig for DKIM', () => {
  const rsa = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' });
  const pem = rsa.toString();
  const dkim = { DKIM_DOMAIN: 'kasuwa.shop', DKIM_SELECTOR: 'kasuwa2026' };

  it('given no DKIM variable should sign nothing', () => {
    expect(loadConfig({}).dkim).toBeUndefined();
  });

  it('given the domain, the selector and the key as PEM text, on one line with \\n or in a file, should sign with it', () => {
    const expected = { domainName: 'kasuwa.shop', keySelector: 'kasuwa2026', privateKey: pem };
    expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: pem }).dkim).toEqual(expected);
    expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY: pem.replaceAll('\n', '\\n') }).dkim).toEqual(expected);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-dkim-'));
    try {
      fs.writeFileSync(path.join(dir, 'dkim.pem'), pem);
      expect(loadConfig({ ...dkim, DKIM_PRIVATE_KEY_FILE: 'dkim.pem' }, dir).dkim).toEqual(expected);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const ed25519 = crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicOnly = crypto.createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();
  const small = crypto
    .generateKeyPairSync('rsa', { modulusLength: 512 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  it.each([
    [
      'only DKIM_DOMAIN',
      { DKIM_DOMAIN: 'kasuwa.shop' },
      /^DKIM_SELECTOR and DKIM_PRIVATE_KEY \(or DKIM_PRIVATE_KEY_FILE\) not set: DKIM needs/,
    ],
    [
      'no DKIM_DOMAIN',
      { DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: pem },
      /^DKIM_DOMAIN not set: DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and/,
    ],
    ['only a key file', { DKIM_PRIVATE_KEY_FILE: '/etc/dkim.pem' }, /^DKIM_DOMAIN and DKIM_SELECTOR not set/],
    [
      'a key and a key file',
      { ...dkim, DKIM_PRIVATE_KEY: pem, DKIM_PRIVATE_KEY_FILE: '/etc/dkim.pem' },
      /^DKIM_PRIVATE_KEY and DKIM_PRIVATE_KEY_FILE are both set/,
    ],
    [
      'a URL for a domain',
      { ...dkim, DKIM_DOMAIN: 'https://kasuwa.shop', DKIM_PRIVATE_KEY: pem },
      /^DKIM_DOMAIN="https:\/\/kasuwa.shop" is not valid: expected a domain/,
    ],
    [
      'a selector with a space',
      { ...dkim, DKIM_SELECTOR: 'bad selector', DKIM_PRIVATE_KEY: pem },
      /^DKIM_SELECTOR="bad selector" is not valid/,
    ],
    [
      'text that is no key',
      { ...dkim, DKIM_PRIVATE_KEY: 'not a key' },
      /^DKIM_PRIVATE_KEY="…" is not valid: expected an unencrypted RSA private key in PEM/,
    ],
    [
      'a public key',
      { ...dkim, DKIM_PRIVATE_KEY: publicOnly },
      /^DKIM_PRIVATE_KEY="…" is not valid: expected an unencrypted RSA private key/,
    ],
    [
      'an Ed25519 key',
      { ...dkim, DKIM_PRIVATE_KEY: ed25519 },
      /^DKIM_PRIVATE_KEY="…" is not valid: expected an RSA key of at least 1024 bits, 2048 advised \(this one is ed25519\)/,
    ],
    [
      'a 512-bit RSA key',
      { ...dkim, DKIM_PRIVATE_KEY: small },
      /^DKIM_PRIVATE_KEY="…" is not valid: .*\(this one is RSA 512 bits\)/,
    ],
    [
      'a key file that is not there',
      { ...dkim, DKIM_PRIVATE_KEY_FILE: '/nonexistent/dkim.pem' },
      /^DKIM_PRIVATE_KEY_FILE="\/nonexistent\/dkim.pem" is not valid: expected a readable file \(ENOENT\)/,
    ],
  ])('given %s should refuse with one line naming the variable, never the key', (_label, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('PRIVATE KEY-----\n');
      expect((error as Error).message.split('\n')).toHaveLength(1);
    }
  });
});
