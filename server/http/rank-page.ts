/**
 * `GET /new-year-sales/rank?domain=…`: the rank check for people without JavaScript (the fallback form
 * inside <store-rank-checker>). The same lookup as getStoreLeaderboard, answered as a page: 200 with the
 * standing, 404 for an unknown store (naming no other), 400 for an empty field, each with the form.
 */
import type { ServerResponse } from 'node:http';
import { DEFAULT_PAGE_LOCALE, type PageLocale } from '../../common/locale-paths.js';
import type { RankOutcome } from '../../common/page-renderers.js';
import { UserFacingError } from '../errors.js';
import type { Services } from '../services.js';
import { type GivenRenderers, sendPage } from './page.js';

/** `locale`: the language of the path's prefix (`/yo/new-year-sales/rank`), which the page is written in. */
export async function rankPage(
  services: Pick<Services, 'getStoreLeaderboard'>,
  site: GivenRenderers,
  url: URL,
  res: ServerResponse,
  locale: PageLocale = DEFAULT_PAGE_LOCALE,
) {
  const domain = url.searchParams.get('domain');
  let outcome: RankOutcome;
  let status = 200;
  if (domain === null) {
    outcome = { kind: 'form' };
  } else {
    try {
      outcome = { kind: 'found', domain, standing: await services.getStoreLeaderboard(domain) };
    } catch (error) {
      if (!(error instanceof UserFacingError)) throw error; // the hardened server answers 500
      status = error.code === 'STORE_NOT_FOUND' ? 404 : 400;
      outcome = { kind: 'error', domain, message: error.message };
    }
  }
  const render = site.rankResult;
  const text =
    outcome.kind === 'error'
      ? outcome.message
      : outcome.kind === 'found'
        ? `Rank ${outcome.standing.rank ?? 'N/A'}`
        : '';
  sendPage(res, status, render && (() => render(outcome, locale)), text);
}
