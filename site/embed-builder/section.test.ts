/**
 * The embed builder as the server renders it: the five snippets with the default choice (what a reader
 * without JavaScript gets), the pinned one with its recorded integrity, the partner's code in them on
 * their own page and never the link's token, the form in the page's language.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PartnerSummary } from '../../common/partner-report.js';
import type { SiteConfig } from '../config.js';
import { partnerPageRoute } from '../pages/partner-page.js';
import { renderPage } from '../render.js';
import { routes } from '../routes.js';

const config: SiteConfig = { publicUrl: 'https://kasuwa.shop', production: true };
const assets = { scripts: ['/assets/main.js'], styles: [], pageScripts: { 'embed-builder': '/assets/b.js' } };
const TOKEN = 'c2VjcmV0QGV4YW1wbGUubmc.SECRETsignature0123456';
const week = { week: '2026-W01', weekStarts: '2026-01-05', signups: 1 };
const report: PartnerSummary = {
  partner: 'lagos-tech',
  computedAt: '2026-06-01T10:00:00.000Z',
  thisWeek: week,
  lastWeek: week,
  allTime: 1,
  weeks: [week],
  pages: [],
  otherPages: null,
  campaigns: [],
  otherCampaigns: null,
};

/** The builder's section of a rendered page. */
const builderOf = (html: string) => /<section[^>]*data-embed-builder[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const snippetsOf = (section: string) =>
  [...section.matchAll(/<code data-snippet="(\w+)">([\s\S]*?)<\/code>/g)].map((m) => [m[1], m[2]] as const);

describe('the embed builder section', () => {
  it("given a partner's page should write their code into every snippet that takes one, and the token nowhere in it", () => {
    const html = renderPage(partnerPageRoute({ kind: 'report', report, token: TOKEN }), 'en', assets, config);
    const section = builderOf(html);
    const code = Object.fromEntries(snippetsOf(section));
    expect(Object.keys(code)).toEqual(['html', 'pinned', 'wordpress', 'react', 'vue']);
    for (const flavour of Object.keys(code)) expect(code[flavour]).toContain('lagos-tech');
    expect(code.html).toContain('&lt;start-selling-form partner=&quot;lagos-tech&quot;&gt;');
    expect(section).not.toContain(TOKEN);
    expect(section).not.toContain('SECRET');
    expect(html).toContain('<script type="module" src="/assets/b.js">');
  });

  it('given a refused link should render no builder and load no builder script', () => {
    const html = renderPage(partnerPageRoute({ kind: 'refused', why: 'expired' }), 'en', assets, config);
    expect(builderOf(html)).toBe('');
    expect(html).not.toContain('/assets/b.js');
  });

  it('given /widgets in Hausa should render the form in Hausa, hidden until the script runs, with the placeholder code in the snippets', () => {
    const widgets = routes.find((route) => route.path === '/widgets');
    if (!widgets) throw new Error('no /widgets route');
    const section = builderOf(renderPage(widgets, 'ha', assets, config));
    expect(section).toContain('Gina widget ɗinka');
    expect(section).toMatch(/<div class="builder-layout" data-builder-live hidden>/);
    expect(section).toMatch(/<button class="button button-primary" type="button" data-copy="html" hidden>/);
    for (const [, code] of snippetsOf(section)) expect(code).toContain('your-partner-code');
  });

  it('given /widgets should offer the loader and, apart, the newest recorded version in one file with its integrity', () => {
    const widgets = routes.find((route) => route.path === '/widgets');
    if (!widgets) throw new Error('no /widgets route');
    const code = Object.fromEntries(snippetsOf(builderOf(renderPage(widgets, 'en', assets, config))));
    const releases = JSON.parse(fs.readFileSync('packages/widgets/releases.json', 'utf8'));
    const version = Object.keys(releases).at(-1)!;
    expect(code.html).toContain(
      '&lt;script type=&quot;module&quot; src=&quot;https://kasuwa.shop/widgets/v1/kasuwa-widgets.js&quot;&gt;',
    );
    expect(code.html).not.toContain('integrity');
    expect(code.pinned).toContain(
      `&lt;script src=&quot;https://kasuwa.shop/widgets/${version}/kasuwa-widgets.iife.js&quot; integrity=&quot;${releases[version]['kasuwa-widgets.iife.js']}&quot; crossorigin=&quot;anonymous&quot; defer&gt;&lt;/script&gt;`,
    );
    expect(code.pinned).toContain('&lt;start-selling-form partner=&quot;your-partner-code&quot;&gt;');
  });
});
