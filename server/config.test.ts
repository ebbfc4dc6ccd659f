import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('given no environment should use the documented defaults', () => {
    const config = loadConfig({}, '/srv/kasuwa');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/kasuwa/var');
    expect(config.demoData).toBe(true);
    expect(config.campaign).toEqual({ startsAt: '2026-11-30T23:00:00.000Z', endsAt: '2027-01-31T22:59:59.999Z' });
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT="abc" is not valid/],
    [{ PORT: '70000' }, /^PORT="70000"/],
    [{ DEMO_DATA: 'maybe' }, /^DEMO_DATA="maybe"/],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL=/],
    [{ CAMPAIGN_START: 'soon' }, /^CAMPAIGN_START="soon"/],
    [{ CAMPAIGN_START: '2027-02-01', CAMPAIGN_END: '2027-01-01' }, /^CAMPAIGN_END=/],
  ])('given %j should refuse with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
  ])('given %j should refuse with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
