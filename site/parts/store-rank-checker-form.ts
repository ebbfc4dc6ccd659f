import { msg } from '@lingui/core/macro';
import { html, nothing } from 'lit-html';
import { brand } from '../../common/brand.js';
import { RANK_PAGE_PATH } from '../../common/page-renderers.js';
import { href, t } from '../locales.js';

const rankCheckerFormText = {
  label: msg({ id: 'site.rank.domainLabel', message: 'Store domain' }),
  submit: msg({ id: 'site.rank.submit', message: 'Check my rank' }),
};

/**
 * The plain rank form: the fallback inside `<store-rank-checker>` and the form on the no-JavaScript
 * rank page. It GETs the server's rank page in the page's language (`/yo/new-year-sales/rank`; a relative
 * URL on our pages: CSP form-action is 'self';
 * a partner page writes our absolute URL, as the snippet on /widgets shows).
 */
export function storeRankCheckerForm(id: string, filled: { value?: string; error?: string } = {}) {
  const errorId = `${id}-error`;
  return html`<form class="rank-fallback" method="get" action=${href(RANK_PAGE_PATH)}>
  <label for=${id}>${t(rankCheckerFormText.label)}</label>
  <div class="fallback-row">
    <input id=${id} name="domain" type="text" inputmode="url" autocomplete="url" autocapitalize="none" spellcheck="false" required placeholder="yourstore.${brand.storeDomainSuffix}" value=${filled.value ?? nothing} aria-invalid=${filled.error ? 'true' : nothing} aria-describedby=${filled.error ? errorId : nothing}>
    <button class="button button-primary" type="submit">${t(rankCheckerFormText.submit)}</button>
  </div>
  ${filled.error ? html`<p id=${errorId} class="form-error" role="alert">${filled.error}</p>` : nothing}
</form>`;
}
