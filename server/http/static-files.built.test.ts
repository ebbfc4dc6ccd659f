/**
 * What the server answers from the build: the rendered site from dist/site and the widget files from
 * dist/widgets, precompressed. Part of the `built` test layer (`npm test -- built` builds first).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverForTests } from '../../testing/server/test-server.js';

const server = serverForTests();

/** A CSP directive's sources, sorted after the first (`style-src 'self' 'sha256-…' …` → ['self', …]). */
const directive = (csp: string | null, name: string) => {
  const [, first, ...rest] =
    (csp ?? '')
      .split(';')
      .find((part) => part.trim().startsWith(name))
      ?.trim()
      .split(' ') ?? [];
  return [first, ...rest.sort()];
};
const inlineStyles = (html: string) =>
  [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the built site and widgets', () => {
  it('given / should serve the home page with the signup form', async () => {
    const response = await fetch(`${server.base}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<start-selling-form');
  });

  it('given an unknown path should answer 404 with the not-found page', async () => {
    const response = await fetch(`${server.base}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Page not found');
  });

  it('given a brotli-capable client should serve the widget bundle precompressed', async () => {
    const response = await fetch(`${server.base}/widgets/kasuwa-widgets.iife.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
  });

  it('given the widget bundle should stay loadable from any origin', async () => {
    const response = await fetch(`${server.base}/widgets/kasuwa-widgets.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('given a widget script should send nosniff but not the document headers', async () => {
    const response = await fetch(`${server.base}/widgets/kasuwa-widgets.js`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The referrer policy would govern only the script's own imports: our files, on our origin.
    expect(response.headers.get('referrer-policy')).toBeNull();
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('permissions-policy')).toBeNull();
  });

  it('given a page should allow by hash only the site CSS the build hashed (its own among them) and the widget styles older browsers get as <style>', async () => {
    const response = await fetch(`${server.base}/`);
    const html = await response.text();
    const styleSrc = directive(response.headers.get('content-security-policy'), 'style-src');
    const widgetHashes = JSON.parse(fs.readFileSync('dist/widgets/style-hashes.json', 'utf8')) as string[];
    expect(widgetHashes.length).toBeGreaterThan(5);
    // The site's CSS is in the page, not linked: no round trip for it before the first paint.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(inlineStyles(html).join('')).toContain('.skip-link');
    // One hash for each set of page parts a page may carry (docs/site.md, "The site's CSS is in each page").
    const siteHashes = JSON.parse(fs.readFileSync('dist/site/style-hashes.json', 'utf8')) as string[];
    expect(siteHashes).toHaveLength(8);
    expect(siteHashes).toEqual(expect.arrayContaining(inlineStyles(html).map(sha256)));
    expect(styleSrc).toEqual(["'self'", ...new Set([...siteHashes, ...widgetHashes])].sort());
  });

  it('given any page, built or rendered per request (the rank result), should allow each of its <style> texts by hash', async () => {
    const pages = [
      '/',
      '/pricing',
      '/new-year-sales',
      '/yo/privacy-policy',
      '/no/such/page',
      '/new-year-sales/rank?domain=adaeze-fabrics',
    ];
    for (const page of pages) {
      const response = await fetch(`${server.base}${page}`);
      const html = await response.text();
      const styleSrc = directive(response.headers.get('content-security-policy'), 'style-src');
      expect(inlineStyles(html).length, page).toBeGreaterThan(0);
      for (const css of inlineStyles(html)) expect(styleSrc, page).toContain(sha256(css));
    }
  });

  it("given a large chunk a widget loads should serve it opening with V8's compile hint", async () => {
    // Chrome then compiles the chunk off the main thread while it downloads (scripts/build.mjs); the
    // hint only counts as the file's first line, where esbuild's banner option does not put it.
    const dir = 'dist/widgets/chunks';
    const large = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.js') && fs.statSync(`${dir}/${file}`).size > 20_000);
    expect(large.length).toBeGreaterThanOrEqual(3);
    for (const file of large) {
      const response = await fetch(`${server.base}/widgets/chunks/${file}`, { headers: { 'accept-encoding': 'br' } });
      expect((await response.text()).split('\n', 1)[0], file).toBe('//# allFunctionsCalledOnLoad');
    }
  });
});
