/**
 * What `GET /new-year-sales/rank?domain=…` (the no-JavaScript rank check) answers: what the widget's
 * dialog shows, from the same view (common/leaderboard-view.ts), or the form again with its error.
 * Rendered by the server per request inside the site's layout.
 */

import { msg } from '@lingui/core/macro';
import { html, nothing } from 'lit-html';
import { brand } from '../../common/brand.js';
import { leaderboardView } from '../../common/leaderboard-view.js';
import { RANK_PAGE_PATH, type RankOutcome } from '../../common/page-renderers.js';
import { href, t } from '../locales.js';
import { storeRankCheckerForm } from '../parts/store-rank-checker-form.js';
import type { Route } from '../route.js';

/**
 * A logo shows as a picture only when it comes from our own origin: the pages' CSP allows
 * `img-src 'self' data:`, so another host's picture would be blocked and leave a broken image.
 * Anything else (another host, a non-http(s) URL) shows the initials, as the dialog does without a logo.
 */
const rankResultText = {
  rank: msg({ id: 'site.rankResult.rank', message: 'Rank' }),
  yourRevenue: msg({ id: 'site.rankResult.yourRevenue', message: 'Your Revenue' }),
  winnersRevenue: msg({ id: 'site.rankResult.winnersRevenue', message: "Winner's Revenue" }),
  started: msg({ id: 'site.rankResult.started', message: 'You started here.' }),
  goal: msg({ id: 'site.rankResult.goal', message: 'Your goal is here.' }),
  heading: msg({ id: 'site.rankResult.heading', message: 'Your New Year sales ranking' }),
  formHeading: msg({ id: 'site.newYearSales.rank.title', message: 'Where does your store rank?' }),
  again: msg({ id: 'site.rankResult.again', message: 'Check another store' }),
  about: msg({ id: 'site.rankResult.about', message: 'About the New Year sales contest' }),
  formTitle: msg({ id: 'site.rankResult.formTitle', message: 'Check your rank' }),
  description: msg({ id: 'site.rankResult.description', message: 'Your store’s place in the New Year sales contest.' }),
};

function sameOriginLogo(logo: string | null, publicUrl: string): string | null {
  if (!logo) return null;
  if (logo.startsWith('/') && !logo.startsWith('//')) return logo;
  try {
    const url = new URL(logo);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === new URL(publicUrl).origin
      ? url.href
      : null;
  } catch {
    return null;
  }
}

function standing(outcome: Extract<RankOutcome, { kind: 'found' }>, publicUrl: string) {
  const view = leaderboardView(outcome.standing, t);
  const logo = sameOriginLogo(view.logo, publicUrl);
  const progress = view.progressLabel;
  return html`<div class="rank-store">
  ${
    logo
      ? html`<img class="rank-avatar" src=${logo} alt="" width="56" height="56">`
      : html`<span class="rank-avatar" aria-hidden="true">${view.initials}</span>`
  }
  <div>
    <p class="rank-store-name">${view.name}</p>
    <p class="rank-place">${t(rankResultText.rank)} <strong>${view.rank}</strong></p>
  </div>
</div>
<dl class="rank-cards">
  <div class="rank-card"><dt>${t(rankResultText.yourRevenue)}</dt><dd>${view.yourRevenue}</dd></div>
  <div class="rank-card"><dt>${t(rankResultText.winnersRevenue)}</dt><dd>${view.winnersRevenue}</dd></div>
</dl>
<progress class="rank-progress" max="100" value=${progress} aria-labelledby="rank-goal">${progress}%</progress>
<p class="rank-progress-labels"><span>${t(rankResultText.started)}</span><span>${t(rankResultText.goal)}</span></p>
<p class="rank-goal" id="rank-goal">${view.sellOver}</p>`;
}

function body(outcome: RankOutcome, publicUrl: string) {
  const found = outcome.kind === 'found';
  return html`<section class="section">
  <div class="container rank-result">
    <h1>${t(found ? rankResultText.heading : rankResultText.formHeading)}</h1>
    ${found ? standing(outcome, publicUrl) : nothing}
    ${found ? html`<h2 class="rank-again">${t(rankResultText.again)}</h2>` : nothing}
    ${storeRankCheckerForm('rank-page-domain', outcome.kind === 'error' ? { value: outcome.domain, error: outcome.message } : {})}
    <p><a href=${href('/new-year-sales')}>${t(rankResultText.about)}</a></p>
  </div>
</section>`;
}

export function rankResultRoute(outcome: RankOutcome, publicUrl: string): Route {
  return {
    path: RANK_PAGE_PATH,
    // The same answer in another language (the server reads the language from the prefix).
    languagePath:
      outcome.kind === 'form' ? RANK_PAGE_PATH : `${RANK_PAGE_PATH}?${new URLSearchParams({ domain: outcome.domain })}`,
    file: 'new-year-sales/rank.html',
    styles: ['campaign'],
    title: () => `${t(outcome.kind === 'found' ? rankResultText.heading : rankResultText.formTitle)} · ${brand.name}`,
    description: rankResultText.description,
    ogImage: 'new-year-sales',
    indexable: false,
    body: () => body(outcome, publicUrl),
  };
}
