/**
 * GET /new-year-sales/rank: the no-JavaScript rank check, against the server in-process with the demo
 * stores. The page prints the numbers getStoreLeaderboard answers, formatted as the dialog does.
 */
import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../../common/after-first-paint.js';
import { formatCompactNaira, formatNaira } from '../../common/money.js';
import { pageText } from '../../testing/server/page-text.js';
import { serverForTests } from '../../testing/server/test-server.js';

const server = serverForTests();

const rankPage = (domain?: string, init?: RequestInit) =>
  fetch(
    `${server.base}/new-year-sales/rank${domain === undefined ? '' : `?domain=${encodeURIComponent(domain)}`}`,
    init,
  );

async function lookup(domain: string) {
  const response = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'query($d: String!) { getStoreLeaderboard(query: { domain: $d }) { name rank totalRevenue winningRevenue revenueToWin } }',
      variables: { d: domain },
    }),
  });
  return (await response.json()).data.getStoreLeaderboard;
}

describe('GET /new-year-sales/rank', () => {
  it('given a known store as an owner types it should answer 200 with what the dialog shows, from the same numbers as the API', async () => {
    const standing = await lookup('mama-nkechi-kitchen');
    const response = await rankPage('https://www.Mama-Nkechi-Kitchen.kasuwa.shop/shop');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    const words = pageText(page);
    expect(words).toContain(`${standing.name} Rank ${standing.rank}`);
    expect(words).toContain(`Your Revenue ${formatCompactNaira(standing.totalRevenue)}`);
    expect(words).toContain(`Winner's Revenue ${formatCompactNaira(standing.winningRevenue)}`);
    expect(words).toContain(`Sell over ${formatNaira(standing.revenueToWin)} more to win`);
    expect(page).toMatch(/<progress class="rank-progress" max="100" value="[\d.]+" aria-labelledby="rank-goal">/);
    expect(page).toContain('<span class="rank-avatar" aria-hidden="true">MN</span>');
    // No inline script: the CSP allows none.
    expect(inlineScripts(page)).toEqual([]);
  });

  it('given a store with no sales should show rank N/A', async () => {
    const words = pageText(await (await rankPage('tunde-gadgets-hub')).text());
    expect(words).toContain('Tunde Gadgets Hub Rank N/A');
    expect(words).toContain('Sell over');
  });

  it('given an unknown store should answer 404 with the message tied to the field, the form again, and no other store named', async () => {
    const response = await rankPage('no-such-store.example');
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain('value="no-such-store.example"');
    expect(page).toContain('aria-describedby="rank-page-domain-error"');
    expect(page).toMatch(
      /<p id="rank-page-domain-error" class="form-error" role="alert">We couldn(&#39;|&#x27;|')t find a store with that domain<\/p>/,
    );
    expect(page).not.toMatch(/Adaeze|Rank <strong>/);
  });

  it('given an empty field should answer 400 Required with the form again', async () => {
    const response = await rankPage('   ');
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/role="alert">Required<\/p>/);
  });

  it('given no domain at all should answer the empty form', async () => {
    const response = await rankPage();
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<form class="rank-fallback" method="get" action="/new-year-sales/rank">');
    expect(page).not.toContain('role="alert"');
  });

  it('given HEAD should answer the headers only, and other methods 405', async () => {
    const head = await rankPage('adaeze-fabrics', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await rankPage('adaeze-fabrics', { method: 'POST' })).status).toBe(405);
  });
});
