import { describe, expect, it } from 'vitest';
import { siteConfigFromEnv } from './config.js';
import { renderAll } from './render.js';

const assets = { scripts: ['/assets/main.js'], styles: ['/assets/main.css'] };

describe('renderAll', () => {
  it('given no configuration should render every page with the default origin and no third-party IDs', () => {
    const pages = renderAll(assets, siteConfigFromEnv({}));
    expect(pages.map((page) => page.file)).toEqual([
      'index.html',
      'new-year-sales.html',
      'pricing.html',
      'privacy-policy.html',
      'terms-and-conditions.html',
      'subscription/success.html',
      'widgets.html',
      '404.html',
      'sitemap.xml',
      'robots.txt',
    ]);
    const home = pages[0]?.html ?? '';
    expect(home).toContain('<link rel="canonical" href="https://kasuwa.shop/">');
    expect(home).not.toMatch(/kasuwa-(ga|pixel|chat)-id/);
    expect(pages.find((page) => page.file === '404.html')?.status).toBe(404);
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

  it('given any page should carry no inline script, so a CSP without unsafe-inline holds', () => {
    for (const page of renderAll(assets, siteConfigFromEnv({ GA_MEASUREMENT_ID: 'G-ABC' }))) {
      const scripts = page.html.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of scripts) expect(tag, page.file).toMatch(/\bsrc=|type="application\/ld\+json"/);
      expect(page.html, page.file).not.toMatch(/\son[a-z]+=/);
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
