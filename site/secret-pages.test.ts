/**
 * Pages whose address carries a secret load no third party (docs/site.md, "Pages with a secret in their
 * address"): every page the site can render, the server-answered ones in each of their outcomes, in every
 * language, with all three third-party IDs configured.
 */
import { describe, expect, it } from 'vitest';
import type { StoreLeaderboard } from '../common/leaderboard.js';
import { PAGE_LOCALES } from '../common/locale-paths.js';
import { type RankOutcome, STOP_PATH, type StopMailOutcome } from '../common/page-renderers.js';
import { PARTNER_CONFIRM_PATH, type ProgrammeOutcome } from '../common/partner-programme.js';
import { PARTNER_PAGE_PATH, type PartnerPageOutcome, type PartnerSummary } from '../common/partner-report.js';
import type { SiteConfig } from './config.js';
import type { Assets } from './layout.js';
import { partnerPageRoute } from './pages/partner-page.js';
import { partnerProgrammeRoute } from './pages/partner-programme.js';
import { rankResultRoute } from './pages/rank-result.js';
import { startSellingResultRoute } from './pages/start-selling-result.js';
import { stopMailRoute } from './pages/stop-mail.js';
import { renderPage } from './render.js';
import type { Route } from './route.js';
import { routes } from './routes.js';

/**
 * The paths the server reads a token (`t`) from: server/http/partner-page.ts, server/http/unsubscribe.ts,
 * server/http/partner-programme.ts (the confirmation link).
 */
const TOKEN_PATHS = [PARTNER_PAGE_PATH, STOP_PATH, PARTNER_CONFIRM_PATH];

const config: SiteConfig = {
  publicUrl: 'https://kasuwa.shop',
  production: true,
  gaId: 'G-SECRETTEST',
  pixelId: '424242',
  chatId: 'prop123/widget456',
};
const assets: Assets = { scripts: ['/assets/main.js'], styles: [] };
const TOKEN = 'c2VjcmV0QGV4YW1wbGUubmc.SECRETsignature0123456';

const week = (n: number) => ({ week: `2026-W${String(n).padStart(2, '0')}`, weekStarts: '2026-01-05', signups: n });
const report: PartnerSummary = {
  partner: 'lagos-tech',
  computedAt: '2026-06-01T10:00:00.000Z',
  thisWeek: week(26),
  lastWeek: week(25),
  allTime: 40,
  weeks: Array.from({ length: 26 }, (_, i) => week(i + 1)),
  pages: [{ page: 'blog.example/post-1', signups: 3 }],
  otherPages: { count: 4, signups: 5 },
  campaigns: [{ campaign: null, signups: 3 }],
  otherCampaigns: null,
};
const standing: StoreLeaderboard = {
  storeId: 's1',
  name: 'Mama Nkechi Kitchen',
  logo: null,
  rank: 3,
  totalRevenue: 120_000,
  winningRevenue: 300_000,
  revenueToWin: 180_000,
};

// One of each outcome kind: a kind added to the common types fails to compile here until it is walked.
const partnerOutcomes = {
  report: [{ kind: 'report', report, token: TOKEN }],
  refused: (['tampered', 'expired', 'revoked', 'rate-limited', 'too-often'] as const).map((why) => ({
    kind: 'refused',
    why,
  })),
} satisfies { [K in PartnerPageOutcome['kind']]: Extract<PartnerPageOutcome, { kind: K }>[] };
const stopOutcomes = {
  confirm: { kind: 'confirm', address: 's•••t@example.ng', token: TOKEN },
  stopped: { kind: 'stopped', address: 's•••t@example.ng' },
  invalid: { kind: 'invalid' },
} satisfies { [K in StopMailOutcome['kind']]: Extract<StopMailOutcome, { kind: K }> };
const programmeOutcomes = {
  'check-inbox': { kind: 'check-inbox', request: 'join' },
  'join-again': { kind: 'join-again', fields: { email: 'a@example.ng', website: '@a', code: 'a-b' }, problem: 'code' },
  'new-link-again': { kind: 'new-link-again', email: 'a@example.ng', problem: 'email' },
  'confirm-ask': { kind: 'confirm-ask', token: TOKEN },
  confirmed: { kind: 'confirmed', code: 'lagos-tech', link: `https://kasuwa.shop${PARTNER_PAGE_PATH}?t=${TOKEN}` },
  'cross-site': { kind: 'cross-site' },
  'already-confirmed': { kind: 'already-confirmed', code: 'lagos-tech' },
  'confirm-refused': { kind: 'confirm-refused' },
} satisfies { [K in ProgrammeOutcome['kind']]: Extract<ProgrammeOutcome, { kind: K }> };
const rankOutcomes = {
  form: { kind: 'form' },
  found: { kind: 'found', domain: 'mama-nkechi-kitchen.kasuwa.shop', standing },
  error: { kind: 'error', domain: 'nowhere.example', message: 'No store' },
} satisfies { [K in RankOutcome['kind']]: Extract<RankOutcome, { kind: K }> };

/** Every route the site renders: the static pages, and the server's answers in each outcome. */
const everyRoute: { name: string; route: Route }[] = [
  ...routes.map((route) => ({ name: route.path, route })),
  ...Object.values(partnerOutcomes)
    .flat()
    .map((outcome: PartnerPageOutcome) => ({
      name: `partner page (${outcome.kind === 'report' ? 'report' : outcome.why})`,
      route: partnerPageRoute(outcome),
    })),
  ...Object.values(stopOutcomes).map((outcome: StopMailOutcome) => ({
    name: `stop mail (${outcome.kind})`,
    route: stopMailRoute(outcome),
  })),
  ...Object.values(programmeOutcomes).map((outcome: ProgrammeOutcome) => ({
    name: `partner programme (${outcome.kind})`,
    route: partnerProgrammeRoute(outcome),
  })),
  ...Object.values(rankOutcomes).map((outcome: RankOutcome) => ({
    name: `rank result (${outcome.kind})`,
    route: rankResultRoute(outcome, config.publicUrl),
  })),
  { name: 'start selling (ok)', route: startSellingResultRoute({ ok: true }) },
  {
    name: 'start selling (error)',
    route: startSellingResultRoute({ ok: false, message: 'Required', email: '', ref: 'lagos-tech' }),
  },
];

const pages = everyRoute.flatMap(({ name, route }) =>
  PAGE_LOCALES.map((locale) => ({
    name: `${name} in ${locale}`,
    route,
    html: renderPage(route, locale, assets, config),
  })),
);

/** Whether the page's address takes a token, judged without the flag: its path, its address, its body. */
function takesToken(route: Route, html: string): boolean {
  const address = new URL(route.languagePath ?? route.path, config.publicUrl);
  return (
    TOKEN_PATHS.includes(route.path) ||
    TOKEN_PATHS.includes(address.pathname) ||
    address.searchParams.has('t') ||
    html.includes(TOKEN) ||
    /\bname="t"|[?&](?:amp;)?t=/.test(html)
  );
}

const THIRD_PARTY_MARKUP = [
  'kasuwa-ga-id',
  'kasuwa-pixel-id',
  'kasuwa-chat-id',
  'data-consent',
  'data-open-chat',
  'data-consent-open',
];
const analyticsTitle = (html: string) => /<meta name="kasuwa-page-title" content="([^"]*)">/.exec(html)?.[1];

describe('pages whose address carries a secret', () => {
  // A page takes a token when its route says so (`secretInAddress`) and, judged independently, when
  // takesToken() says so: the two agree, so a new token page without the flag fails here.
  it('given every route should flag exactly those whose address takes a token, the partner page, the stop-mail page and the programme confirmation among them', () => {
    const flagged = pages.filter((page) => page.route.secretInAddress).map((page) => page.name);
    const withToken = pages.filter((page) => takesToken(page.route, page.html)).map((page) => page.name);
    expect(flagged).toEqual(withToken);
    const secretRoutes = new Set(pages.filter((page) => page.route.secretInAddress).map((page) => page.route.path));
    expect([...secretRoutes].sort()).toEqual([...TOKEN_PATHS].sort());
  });

  it('given all three IDs configured should render them with no ID, cookie question, Cookie settings, chat button or page view', () => {
    const secret = pages.filter((page) => page.route.secretInAddress || takesToken(page.route, page.html));
    // The partner page's 6 outcomes, the stop-mail page's 3 and the programme confirmation's 4.
    expect(secret.length).toBe((6 + 3 + 4) * PAGE_LOCALES.length);
    for (const { name, html } of secret) {
      for (const markup of THIRD_PARTY_MARKUP) expect(html, `${name}: ${markup}`).not.toContain(markup);
      for (const id of [config.gaId, config.pixelId, config.chatId]) expect(html, name).not.toContain(id);
      expect(html, name).not.toMatch(/googletagmanager|facebook\.net|tawk\.to/);
      expect(analyticsTitle(html), name).toBe('');
    }
  });

  it('given the programme forms’ answers, which echo the address typed, should render them with no ID, cookie question or page view', () => {
    const echoing = pages.filter((page) => /partner programme \((join-again|new-link-again)\)/.test(page.name));
    expect(echoing.length).toBe(2 * PAGE_LOCALES.length);
    for (const { name, html } of echoing) {
      expect(html, name).toContain('a@example.ng');
      for (const markup of THIRD_PARTY_MARKUP) expect(html, `${name}: ${markup}`).not.toContain(markup);
      expect(analyticsTitle(html), name).toBe('');
    }
  });

  it('given the same configuration should still give every other page its IDs, the question and Cookie settings (so the test above can fail)', () => {
    const ordinary = pages.filter(
      (page) => !page.route.secretInAddress && !page.route.personalInPage && !takesToken(page.route, page.html),
    );
    // The static pages, the rank result's 3 outcomes and the signup result's 2 (the programme forms'
    // 4 answers go without third parties: they may echo the address typed).
    expect(ordinary.length).toBe((routes.length + 3 + 2) * PAGE_LOCALES.length);
    for (const { name, route, html } of ordinary) {
      expect(html, name).toContain(`<meta name="kasuwa-ga-id" content="${config.gaId}">`);
      expect(html, name).toContain(`<meta name="kasuwa-pixel-id" content="${config.pixelId}">`);
      expect(html, name).toContain(`<meta name="kasuwa-chat-id" content="${config.chatId}">`);
      expect(html, name).toMatch(/\sdata-consent[\s>]/);
      expect(html, name).toContain('data-consent-open');
      if (route.analyticsTitle) expect(analyticsTitle(html), name).toBe(route.analyticsTitle);
    }
    expect(ordinary.filter(({ html }) => html.includes('data-open-chat')).length).toBeGreaterThan(0);
  });
});
