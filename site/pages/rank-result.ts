/**
 * What `GET /new-year-sales/rank?domain=…` (the no-JavaScript rank check) answers: what the widget's
 * dialog shows, from the same view (common/leaderboard-view.ts), or the form again with its error.
 * Rendered by the server per request inside the site's layout.
 */

import { html, nothing } from 'lit-html';
import { brand } from '../../common/brand.js';
import { leaderboardView } from '../../common/leaderboard-view.js';
import { translatorFor } from '../../common/lingui.js';
import type { RankOutcome } from '../../common/page-renderers.js';
import { storeRankCheckerForm } from '../parts/store-rank-checker-form.js';
import type { Route } from '../routes.js';

/**
 * A logo shows as a picture only when it comes from our own origin: the pages' CSP allows
 * `img-src 'self' data:`, so another host's picture would be blocked and leave a broken image.
 * Anything else (another host, a non-http(s) URL) shows the initials, as the dialog does without a logo.
 */
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
  const view = leaderboardView(outcome.standing, translatorFor('en'));
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
    <p class="rank-place">Rank <strong>${view.rank}</strong></p>
  </div>
</div>
<dl class="rank-cards">
  <div class="rank-card"><dt>Your Revenue</dt><dd>${view.yourRevenue}</dd></div>
  <div class="rank-card"><dt>Winner's Revenue</dt><dd>${view.winnersRevenue}</dd></div>
</dl>
<progress class="rank-progress" max="100" value=${progress} aria-labelledby="rank-goal">${progress}%</progress>
<p class="rank-progress-labels"><span>You started here.</span><span>Your goal is here.</span></p>
<p class="rank-goal" id="rank-goal">${view.sellOver}</p>`;
}

function body(outcome: RankOutcome, publicUrl: string) {
  const found = outcome.kind === 'found';
  return html`<section class="section">
  <div class="container rank-result">
    <h1>${found ? 'Your New Year sales ranking' : 'Where does your store rank?'}</h1>
    ${found ? standing(outcome, publicUrl) : nothing}
    ${found ? html`<h2 class="rank-again">Check another store</h2>` : nothing}
    ${storeRankCheckerForm('rank-page-domain', outcome.kind === 'error' ? { value: outcome.domain, error: outcome.message } : {})}
    <p><a href="/new-year-sales">About the New Year sales contest</a></p>
  </div>
</section>`;
}

export function rankResultRoute(outcome: RankOutcome, publicUrl: string): Route {
  return {
    path: '/new-year-sales/rank',
    file: 'new-year-sales/rank.html',
    title: `${outcome.kind === 'found' ? 'Your New Year sales ranking' : 'Check your rank'} · ${brand.name}`,
    description: 'Your store’s place in the New Year sales contest.',
    ogImage: 'new-year-sales',
    indexable: false,
    body: () => body(outcome, publicUrl),
  };
}
