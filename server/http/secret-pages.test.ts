/**
 * Pages whose address carries a secret (a partner's link, the stop link) let no third party in, whatever
 * IDs are configured (docs/security.md, CWE-598): the HTML carries none of the IDs, the cookie question or
 * a page title for analytics, the CSP lists no third-party host, and no Referer leaves. The home page on
 * the same server still has them all.
 */
import { describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/server/test-server.js';
import { contentSecurityPolicy, secretAddressHeaders } from './security.js';

const IDS = { GA_MEASUREMENT_ID: 'G-SECRETTEST', META_PIXEL_ID: '424242', CHAT_WIDGET_ID: 'prop123/widget456' };
const THIRD_PARTY_HOST = /googletagmanager|google-analytics|analytics\.google|facebook|tawk|jsdelivr/;
const THIRD_PARTY_MARKUP = /kasuwa-(ga|pixel|chat)-id|data-consent|data-open-chat/;
/** The page's markup without its inline stylesheet, whose shared rules name the consent attributes. */
const markup = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '');

const server = serverForTests({ ...IDS, DEMO_DATA: 'off' });

async function expectNoThirdParty(path: string, status: number) {
  const response = await fetch(`${server.base}${path}`);
  expect(response.status, path).toBe(status);
  expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp, path).toContain("script-src 'self';");
  expect(csp, path).toContain("frame-src 'none'");
  expect(csp, path).not.toMatch(THIRD_PARTY_HOST);
  expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
  const page = await response.text();
  for (const id of Object.values(IDS)) expect(page, path).not.toContain(id);
  expect(markup(page), path).not.toMatch(THIRD_PARTY_MARKUP);
  expect(page, path).toContain('<meta name="kasuwa-page-title" content="">');
  return page;
}

describe('pages whose address carries a secret, with GA, the pixel and the chat configured', () => {
  it('given the home page should still carry the IDs, the question and their hosts in the CSP (so the checks below can fail)', async () => {
    const response = await fetch(`${server.base}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const host of ['https://www.googletagmanager.com', 'https://connect.facebook.net', 'https://embed.tawk.to'])
      expect(csp).toContain(host);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const page = await response.text();
    expect(page).toContain(`<meta name="kasuwa-ga-id" content="${IDS.GA_MEASUREMENT_ID}">`);
    expect(page).toContain(`<meta name="kasuwa-pixel-id" content="${IDS.META_PIXEL_ID}">`);
    expect(page).toContain(`<meta name="kasuwa-chat-id" content="${IDS.CHAT_WIDGET_ID}">`);
    expect(page).toMatch(/\sdata-consent[\s>]/);
  });

  it('given a partner link, a signed one or a changed one, should load no third party', async () => {
    const issued = await server.running.services.partners.issueLink('lagos-tech');
    const link = new URL(issued.url).search;
    const page = await expectNoThirdParty(`/partners${link}`, 200);
    expect(page).toContain('lagos-tech');
    await expectNoThirdParty(`/ha/partners${link}`, 200);
    await expectNoThirdParty(`/partners${link.slice(0, -2)}xx`, 403);
  });

  it('given a stop link, a signed one or a bad one, in any language, should load no third party', async () => {
    const signed = new URL(server.running.modules.privacy.api.mail.stopUrl('ada@example.ng', 'ha'));
    const page = await expectNoThirdParty(`${signed.pathname}${signed.search}`, 200);
    expect(page).toContain('<html lang="ha">');
    await expectNoThirdParty(`/unsubscribe${signed.search}`, 200);
    await expectNoThirdParty('/unsubscribe?t=not-a-token', 400);
    await expectNoThirdParty('/ha/unsubscribe?t=not-a-token', 400);
  });

  it('given the answer to the stop button should load no third party either', async () => {
    const response = await fetch(`${server.base}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 't=not-a-token',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-security-policy')).not.toMatch(THIRD_PARTY_HOST);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(markup(await response.text())).not.toMatch(THIRD_PARTY_MARKUP);
  });
});

describe('secretAddressHeaders', () => {
  it('given every ID should give the policy of a site with none, style hashes and all, and no Referer', () => {
    const hashes = ["'sha256-abc='"];
    const config = (analytics: Record<string, string | undefined>) =>
      ({ publicUrl: 'https://kasuwa.shop', analytics }) as Parameters<typeof contentSecurityPolicy>[0];
    const headers = new Map(secretAddressHeaders(config({ gaId: 'G-1', pixelId: '1', chatId: 'x/y' }), hashes));
    const none = contentSecurityPolicy(config({}), hashes);
    expect(contentSecurityPolicy(config({ gaId: 'G-1', pixelId: '1', chatId: 'x/y' }), hashes)).not.toBe(none);
    expect(headers.get('Content-Security-Policy')).toBe(none);
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
  });
});
