import { describe, expect, it } from 'vitest';
import { ALL_VARIABLE_NAMES } from '../common/config-variables.js';
import { ConfigError, loadConfig } from './config.js';

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
