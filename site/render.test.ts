import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../common/after-first-paint.js';
import { plans } from '../common/plans.js';
import { siteConfigFromEnv } from './config.js';
import type { Assets } from './layout.js';
import { renderAll } from './render.js';
import { STYLE_PARTS } from './styles/parts.js';

// Each part's text names it, so a test can tell which parts a page carries.
const assets: Assets = {
  scripts: ['/assets/main.js'],
  pageScripts: { 'embed-builder': '/assets/embed-builder.js' },
  styles: STYLE_PARTS.map((part) => ({ part, href: `/assets/style-${part}.css`, css: `.part-${part}{}` })),
};
/** The parts in the page's one <style>, by name. */
const partsIn = (page: string) => {
  const styles = [...page.matchAll(/<style>([^<]*)<\/style>/g)];
  expect(styles).toHaveLength(1);
  return [...(styles[0]?.[1] ?? '').matchAll(/\.part-([\w-]+)\{\}/g)].map((m) => m[1]);
};

describe('renderAll', () => {
  it('given no configuration should render every page with the default origin and no third-party IDs', () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    const english = [
      'index.html',
      'new-year-sales.html',
      'pricing.html',
      'privacy-policy.html',
      'terms-and-conditions.html',
      'subscription/success.html',
      'widgets.html',
      'partners/join.html',
      '404.html',
    ];
    expect(pages.map((page) => page.file)).toEqual([
      ...english,
      ...['pcm', 'ha', 'yo', 'ig'].flatMap((locale) => english.map((file) => `${locale}/${file}`)),
      'sitemap.xml',
      'robots.txt',
    ]);
    const home = pages[0]?.html ?? '';
    expect(home).toContain('<link rel="canonical" href="https://kasuwa.shop/">');
    expect(home).not.toMatch(/kasuwa-(ga|pixel|chat)-id/);
    expect(pages.find((page) => page.file === '404.html')?.status).toBe(404);
  });

  it('given a page should inline the shared parts of the stylesheet and only the page parts its route names, in cascade order, in one <style>', () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    const parts = (file: string) => partsIn(pages.find((page) => page.file === file)?.html ?? '');
    const shared = ['base', 'header', 'text-pages', 'footer', 'widgets-page', 'partners', 'consent'];
    expect(parts('privacy-policy.html')).toEqual(shared);
    expect(parts('404.html')).toEqual(shared);
    expect(parts('widgets.html')).toEqual(shared);
    expect(parts('index.html')).toEqual([
      'base',
      'header',
      'home',
      'text-pages',
      'footer',
      'widgets-page',
      'partners',
      'consent',
    ]);
    expect(parts('ha/new-year-sales.html')).toEqual([
      'base',
      'header',
      'home',
      'campaign',
      'text-pages',
      'footer',
      'widgets-page',
      'partners',
      'consent',
    ]);
    expect(parts('pricing.html')).toEqual([
      'base',
      'header',
      'home',
      'pricing',
      'text-pages',
      'footer',
      'widgets-page',
      'partners',
      'consent',
    ]);
  });

  it('given a page script should load it on the pages that name it only, after the site script', () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    const scripts = (file: string) =>
      [...(pages.find((page) => page.file === file)?.html ?? '').matchAll(/<script type="module" src="([^"]+)"/g)].map(
        (m) => m[1],
      );
    expect(scripts('widgets.html')).toEqual([
      '/assets/main.js',
      '/assets/embed-builder.js',
      '/widgets/kasuwa-widgets.js',
    ]);
    expect(scripts('ha/widgets.html')).toContain('/assets/embed-builder.js');
    for (const file of ['index.html', 'pricing.html', 'new-year-sales.html', 'privacy-policy.html', '404.html'])
      expect(scripts(file), file).toEqual(['/assets/main.js', '/widgets/kasuwa-widgets.js']);
  });

  it('given each language should write every page with its lang, its own canonical URL and links to all five versions', () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    const paths = ['/', '/new-year-sales', '/pricing', '/privacy-policy', '/terms-and-conditions', '/widgets'];
    for (const locale of ['en', 'pcm', 'ha', 'yo', 'ig']) {
      for (const path of paths) {
        const file = `${locale === 'en' ? '' : `${locale}/`}${path === '/' ? 'index' : path.slice(1)}.html`;
        const html = pages.find((page) => page.file === file)?.html ?? '';
        const url = (l: string) => `https://kasuwa.shop${l === 'en' ? '' : `/${l}`}${path}`;
        expect(html, file).toContain(`<html lang="${locale}">`);
        expect(html, file).toContain(`<link rel="canonical" href="${url(locale)}">`);
        const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [
          m[1],
          m[2],
        ]);
        expect(alternates, file).toEqual([
          ['en', url('en')],
          ['pcm', url('pcm')],
          ['ha', url('ha')],
          ['yo', url('yo')],
          ['ig', url('ig')],
          ['x-default', url('en')],
        ]);
      }
    }
    const hausa404 = pages.find((page) => page.file === 'ha/404.html');
    expect(hausa404?.status).toBe(404);
    expect(hausa404?.html).toContain('<html lang="ha">');
    expect(hausa404?.html).toContain('<meta name="robots" content="noindex">');
  });

  it('given the sitemap should list every indexable page in all five languages, each with its alternates', () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    const sitemap = pages.find((page) => page.file === 'sitemap.xml')?.html ?? '';
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ['/', '/pricing', '/new-year-sales', '/privacy-policy', '/terms-and-conditions', '/widgets']) {
      for (const prefix of ['', '/pcm', '/ha', '/yo', '/ig']) {
        expect(locs).toContain(`https://kasuwa.shop${prefix}${path}`);
      }
    }
    expect(locs).toContain('https://kasuwa.shop/yo/');
    expect(locs.filter((loc) => loc?.includes('subscription') || loc?.includes('404'))).toEqual([]);
    expect(sitemap).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://kasuwa.shop/new-year-sales"/>',
    );
    const robots = pages.find((page) => page.file === 'robots.txt')?.html ?? '';
    expect(robots).toContain('Disallow: /ha/subscription/');
  });

  it('given the language menu should link the same page in every language, each name in its own language', () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    const yorubaPricing = pages.find((page) => page.file === 'yo/pricing.html')?.html ?? '';
    const menu = yorubaPricing.match(/<details class="lang-menu">[\s\S]*?<\/details>/)?.[0] ?? '';
    const links = [
      ...menu.matchAll(/<a href="([^"]+)" lang="([^"]+)" hreflang="([^"]+)" aria-current="([^"]+)">([^<]+)<\/a>/g),
    ].map((m) => m.slice(1));
    expect(links).toEqual([
      ['/pricing', 'en', 'en', 'false', 'English'],
      ['/pcm/pricing', 'pcm', 'pcm', 'false', 'Naijá'],
      ['/ha/pricing', 'ha', 'ha', 'false', 'Hausa'],
      ['/yo/pricing', 'yo', 'yo', 'page', 'Yorùbá'],
      ['/ig/pricing', 'ig', 'ig', 'false', 'Igbo'],
    ]);
    // The page's own links stay in its language.
    expect(yorubaPricing).toContain('href="/yo/new-year-sales"');
    expect(yorubaPricing).not.toContain('href="/new-year-sales"');
  });

  it('given PUBLIC_URL and analytics IDs should write them into the pages as meta tags', () => {
    const config = siteConfigFromEnv({
      PUBLIC_URL: 'https://shop.example.ng/',
      GA_MEASUREMENT_ID: 'G-ABC',
      META_PIXEL_ID: '42',
      CHAT_WIDGET_ID: 'p/w',
      NODE_ENV: 'production',
    });
    const pricing = renderAll(assets, config).find((page) => page.file === 'pricing.html')?.html ?? '';
    expect(pricing).toContain('<link rel="canonical" href="https://shop.example.ng/pricing">');
    expect(pricing).toContain('<meta name="kasuwa-ga-id" content="G-ABC">');
    expect(pricing).toContain('<meta name="kasuwa-pixel-id" content="42">');
    expect(pricing).toContain('<meta name="kasuwa-chat-id" content="p/w">');
    expect(pricing).toContain('<meta name="kasuwa-env" content="production">');
  });

  it('given any page should carry no inline script (the CSP allows none) and no inline handler', () => {
    const pages = renderAll(assets, siteConfigFromEnv({ GA_MEASUREMENT_ID: 'G-ABC' }));
    for (const page of pages.filter(({ file }) => file.endsWith('.html'))) {
      expect(inlineScripts(page.html), page.file).toEqual([]);
      expect(page.html, page.file).not.toMatch(/\son[a-z]+=/);
    }
  });

  it('given any page should link no icon or manifest a browser fetches before its first paint', () => {
    // Lantern counts them on the first paint's path (docs/site.md, "After the first paint").
    for (const page of renderAll(assets, siteConfigFromEnv({})).filter(({ file }) => file.endsWith('.html'))) {
      expect(page.html, page.file).toMatch(
        /<link rel="icon" href="data:image\/svg\+xml,[^"]+" type="image\/svg\+xml">/,
      );
      expect(page.html, page.file).not.toMatch(/<link rel="(manifest|modulepreload|preload)"/);
      expect(page.html, page.file).toContain('data-manifest="/manifest.webmanifest"');
    }
  });

  it('given the privacy policy should point its opt-out and access sections to the stop link and the support request', () => {
    const policy =
      renderAll(assets, siteConfigFromEnv({})).find((page) => page.file === 'privacy-policy.html')?.html ?? '';
    const section = (id: string) => new RegExp(`<section id="${id}"[\\s\\S]*?</section>`).exec(policy)?.[0] ?? '';
    // The original sentences stay; the real mechanisms are added after them.
    expect(section('opt-out')).toContain('Every marketing e-mail has an unsubscribe link.');
    expect(section('opt-out')).toContain('&quot;This wasn&#39;t me: stop e-mails&quot;');
    expect(section('opt-out')).toContain('stops every e-mail from us to that address at once, with no login');
    expect(section('access')).toContain('we will reply within 30 days');
    expect(section('access')).toContain(
      'write to support@kasuwa.shop from that address with &quot;Privacy&quot; in the subject',
    );
    expect(section('access')).toContain('we keep only a one-way code of the address');
  });

  it("given the campaign page in each language should name the promo's Basic plan in that language", () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    const basicTitle = (file: string) =>
      /<div class="promo-plan">\s*<h3>([^<]*)<\/h3>/.exec(pages.find((page) => page.file === file)?.html ?? '')?.[1];
    expect(basicTitle('new-year-sales.html')).toBe('Basic');
    expect(basicTitle('ha/new-year-sales.html')).toBe('Na asali');
    expect(basicTitle('yo/new-year-sales.html')).toBe('Ìpìlẹ̀');
    expect(basicTitle('ig/new-year-sales.html')).toBe('Ntọala');
    expect(basicTitle('pcm/new-year-sales.html')).toBe('Basic');
  });

  it('given the pricing page should publish its ten FAQ entries as FAQPage data', () => {
    const pricing = renderAll(assets, siteConfigFromEnv({})).find((page) => page.file === 'pricing.html')?.html ?? '';
    const blocks = [...pricing.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? '{}'),
    );
    const faq = blocks.find((block) => block['@type'] === 'FAQPage');
    expect(faq.mainEntity).toHaveLength(10);
    expect(pricing.match(/<details name="faq"/g)).toHaveLength(10);
  });
});

describe('the pricing fallback', () => {
  it('given the plans should have as many as site/styles/pricing.css sets tracks for', () => {
    const css = fs.readFileSync(new URL('./styles/pricing.css', import.meta.url), 'utf8');
    const tracks = /\.plan-strip \{[^}]*grid-template-columns: repeat\((\d+),/.exec(css)?.[1];
    expect(Number(tracks), 'a plan added or removed: change the .plan-strip tracks too').toBe(plans.length);
  });
});
