/**
 * The pages the server answers itself, as the server sees them: functions from plain data to HTML.
 * The site owns the templates (site/page-renderers.ts implements this); the server is handed them at
 * start (server/load-page-renderers.ts loads the module by path), so server/ imports nothing from site/.
 */
import type { StoreLeaderboard } from './leaderboard.js';
import type { ProgrammeOutcome } from './partner-programme.js';
import type { PartnerPageOutcome } from './partner-report.js';

/** What `POST /start-selling` (the no-JavaScript signup) answers. */
export type SignupOutcome =
  | { ok: true }
  | {
      ok: false;
      /** Shown as-is, announced and tied to the field (e.g. the RATE_LIMITED wait in words). */
      message: string;
      email: string;
      ref?: string | null;
      /** The partner's campaign, kept through the retry like the code. */
      campaign?: string | null;
      /** The page the visitor first signed up from, kept through the retry for attribution. */
      source?: string | null;
      /** The language the form was in (docs/languages.md), kept through the retry for the welcome mail. */
      locale?: string | null;
    };

/** What `GET /new-year-sales/rank?domain=…` (the no-JavaScript rank check) answers. */
export type RankOutcome =
  | { kind: 'form' }
  | { kind: 'found'; domain: string; standing: StoreLeaderboard }
  | { kind: 'error'; domain: string; message: string };

/** What `/unsubscribe` (the stop-e-mails link every mail carries) answers. */
export type StopMailOutcome =
  /** GET: the question, with the one button that POSTs the token. */
  | { kind: 'confirm'; address: string; token: string }
  /** POST: done; no more e-mails to this inbox. */
  | { kind: 'stopped'; address: string }
  /** The link was changed or is for another address: nothing was done. */
  | { kind: 'invalid' };

export type RenderedPage = { html: string; status: number };

/**
 * `locale` is the language of the form that was sent (its hidden `locale` field, common/locale-paths.ts):
 * the answer is in that language; anything else gives English.
 */
export type PageRenderers = {
  signupResult(outcome: SignupOutcome, locale?: string | null): string;
  rankResult(outcome: RankOutcome, locale?: string | null): string;
  stopMail(outcome: StopMailOutcome, locale?: string | null): string;
  /** A partner's own counts, or why the link shows nothing (docs/partners.md). */
  partnerPage(outcome: PartnerPageOutcome, locale?: string | null): string;
  /** The partner programme's form answers and confirmation link (docs/partners.md, "Joining"). */
  partnerProgramme(outcome: ProgrammeOutcome, locale?: string | null): string;
  /** Any page by its clean path (`/ha/pricing` in Hausa), rendered per request (SITE_RENDER=on-request, npm run dev). */
  page?(pathname: string): RenderedPage;
  /**
   * Every static page with this server's configuration (PUBLIC_URL, the third-party IDs), by its file
   * under dist/site (`yo/pricing.html`, `sitemap.xml`): the server renders them once at start and keeps
   * them in memory, so no configuration is baked into dist/ (docs/deploying.md).
   */
  all?(): (RenderedPage & { file: string })[];
};

/** What the server tells the site's module: the same environment the pages are built with. */
export type PageRenderersOptions = {
  siteDir: string;
  publicUrl: string | undefined;
  production: boolean;
  analytics: { gaId: string | undefined; pixelId: string | undefined; chatId: string | undefined };
  onRequest: boolean;
};

/** The module SITE_PAGES names (dist/server/site-pages.js by default). */
export type PageRenderersModule = { createPageRenderers(options: PageRenderersOptions): PageRenderers };

/** Where the no-JavaScript rank form sends its GET. */
export const RANK_PAGE_PATH = '/new-year-sales/rank';

/** The stop-e-mails page (server/http/unsubscribe.ts), under the mail's language prefix (`/ha/unsubscribe`). */
export const STOP_PATH = '/unsubscribe';
