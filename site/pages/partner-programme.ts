/**
 * The partner programme (docs/partners.md, "Joining"): `/partners/join` says what a partner gets and
 * holds two plain POST forms (join; send me a new link), and the server's answers to them and to the
 * confirmation link are rendered here. Every answer to an address says "check your inbox".
 */
import { msg } from '@lingui/core/macro';
import { html, nothing } from 'lit-html';
import { brand } from '../../common/brand.js';
import {
  isConfirmation,
  type JoinFields,
  MAX_WEBSITE_LENGTH,
  PARTNER_CODE_PATTERN,
  PARTNER_CONFIRM_PATH,
  PARTNER_JOIN_PATH,
  PARTNER_NEW_LINK_PATH,
  type ProgrammeOutcome,
  type ProgrammeProblem,
} from '../../common/partner-programme.js';
import { href, LANGUAGE_NAMES, PAGE_LOCALES, pageLocale, t } from '../locales.js';
import { signupFormMessages } from '../parts/start-selling-form.js';
import type { Route } from '../route.js';

export const programmeText = {
  title: msg({ id: 'site.programme.title', message: 'Partner programme' }),
  description: msg({
    id: 'site.programme.description',
    message: 'Bring sellers to {brand} from your website or your page, and see every signup you brought.',
  }),
  heading: msg({ id: 'site.programme.heading', message: 'Become a {brand} partner' }),
  lead: msg({
    id: 'site.programme.lead',
    message:
      'Put our signup form on your website, blog or social page. Every seller who joins through it counts for you.',
  }),
  getHeading: msg({ id: 'site.programme.get.heading', message: 'What you get' }),
  getCode: msg({ id: 'site.programme.get.code', message: 'Your own partner code, kept for you alone.' }),
  getPage: msg({
    id: 'site.programme.get.page',
    message: 'A private page with your signups per week, per page and per campaign, as a table or a file.',
  }),
  getWidgets: msg({
    id: 'site.programme.get.widgets',
    message: 'Ready-made widgets and a WordPress plugin, in English, Pidgin, Hausa, Yoruba and Igbo.',
  }),
  getNoPassword: msg({
    id: 'site.programme.get.noPassword',
    message: 'No password: your private link comes by e-mail, and a new one whenever you ask.',
  }),
  joinHeading: msg({ id: 'site.programme.join.heading', message: 'Join' }),
  email: msg({ id: 'site.programme.email', message: 'Your e-mail address' }),
  website: msg({ id: 'site.programme.website', message: 'Your website or social handle' }),
  websiteHint: msg({ id: 'site.programme.website.hint', message: 'For example example.ng or @yourpage.' }),
  code: msg({ id: 'site.programme.code', message: 'Preferred partner code (optional)' }),
  codeHint: msg({
    id: 'site.programme.code.hint',
    message: '3 to 32 lowercase letters, digits and hyphens. Leave it empty and we choose one from your website.',
  }),
  language: msg({ id: 'site.programme.language', message: 'Language of our e-mails' }),
  join: msg({ id: 'site.programme.join.submit', message: 'Join the programme' }),
  joinNote: msg({
    id: 'site.programme.join.note',
    message: 'We send a link to confirm your address. Your code is yours once you press Confirm on its page.',
  }),
  lostHeading: msg({ id: 'site.programme.lost.heading', message: 'Lost your private link?' }),
  lostIntro: msg({
    id: 'site.programme.lost.intro',
    message: 'Enter the address you joined with and we will send a new link to your partner page.',
  }),
  lostSubmit: msg({ id: 'site.programme.lost.submit', message: 'Send me a new link' }),
  checkInbox: msg({ id: 'site.programme.checkInbox', message: 'Check your inbox' }),
  sentJoin: msg({
    id: 'site.programme.sent.join',
    message: 'If this address can join, an e-mail with a confirmation link is on its way. The link works for 48 hours.',
  }),
  sentLink: msg({
    id: 'site.programme.sent.link',
    message: 'If this address belongs to a partner, an e-mail with a new private link is on its way.',
  }),
  nothingThere: msg({
    id: 'site.programme.nothingThere',
    message: 'Nothing there after a few minutes? Look in your spam folder, or write to {email}.',
  }),
  confirmAskHeading: msg({ id: 'site.programme.confirmAsk.heading', message: 'Confirm your partner code' }),
  confirmAsk: msg({
    id: 'site.programme.confirmAsk.text',
    message: 'Press the button to confirm your address. We then show your code and your private link.',
  }),
  confirmAskButton: msg({ id: 'site.programme.confirmAsk.button', message: 'Confirm' }),
  confirmedHeading: msg({ id: 'site.programme.confirmed.heading', message: 'Welcome, partner!' }),
  confirmedCode: msg({ id: 'site.programme.confirmed.code', message: 'Your partner code' }),
  confirmedLink: msg({ id: 'site.programme.confirmed.link', message: 'Your private page' }),
  confirmedKeep: msg({
    id: 'site.programme.confirmed.keep',
    message: 'We have e-mailed you this link too. Keep it to yourself: anyone with it sees your numbers.',
  }),
  confirmedNext: msg({
    id: 'site.programme.confirmed.next',
    message: 'Next: put a widget on your pages with your code.',
  }),
  widgets: msg({ id: 'site.programme.widgets', message: 'See the widgets' }),
  crossSiteHeading: msg({ id: 'site.programme.crossSite.heading', message: 'Send this form from our page' }),
  crossSite: msg({
    id: 'site.programme.crossSite',
    message:
      'This form only works from our own pages, and it came from another website. Nothing was sent. Fill it in on the partner programme page:',
  }),
  alreadyHeading: msg({ id: 'site.programme.already.heading', message: 'This code is already confirmed' }),
  already: msg({
    id: 'site.programme.already',
    message:
      'The partner code {code} was confirmed with this link before, and its private link was shown then and e-mailed. Lost it? We send a new one to the address that joined.',
  }),
  refusedHeading: msg({ id: 'site.programme.refused.heading', message: 'This link confirms nothing' }),
  refused: msg({
    id: 'site.programme.refused',
    message: 'It was changed, has expired, or its code was given to someone else. Join again below.',
  }),
  back: msg({ id: 'site.programme.back', message: 'Back to the partner programme' }),
};

const problems: Record<ProgrammeProblem, ReturnType<typeof msg>> = {
  email: msg({ id: 'site.programme.problem.email', message: 'Enter a valid e-mail address.' }),
  website: msg({
    id: 'site.programme.problem.website',
    message: 'Enter your website or social handle (at most 200 characters).',
  }),
  code: msg({
    id: 'site.programme.problem.code',
    message: 'A code has 3 to 32 lowercase letters, digits and hyphens, and starts and ends with a letter or digit.',
  }),
  'code-taken': msg({
    id: 'site.programme.problem.codeTaken',
    message: 'That code is taken. {suggestion} is free: we put it in the field for you.',
  }),
  'rate-limited': msg({
    id: 'site.programme.problem.rateLimited',
    message: 'Too many requests from your network or for this address. Please try again later.',
  }),
  unavailable: msg({
    id: 'site.programme.problem.unavailable',
    message: 'We could not save this just now. Please try again in a moment.',
  }),
};

const honeypot = () =>
  html`<div class="hp" aria-hidden="true"><label>${t(signupFormMessages.leaveEmpty)}<input name="website" tabindex="-1" autocomplete="off"></label></div>`;

/** The join form, empty, or again with what was typed and what is wrong. */
function joinForm(again?: { fields: JoinFields; problem: ProgrammeProblem; suggestion?: string }) {
  const fields = again?.fields ?? { email: '', website: '', code: '' };
  const problem = again?.problem;
  const wrong = (field: 'email' | 'website' | 'code') =>
    problem === field || (field === 'code' && problem === 'code-taken') ? 'true' : nothing;
  const message = problem ? t(problems[problem], { suggestion: again?.suggestion ?? '' }) : '';
  const described = (field: string, hint?: string) =>
    [hint, problem && wrong(field as 'email') === 'true' ? 'join-error' : undefined].filter(Boolean).join(' ') ||
    nothing;
  const locale = pageLocale();
  return html`<form class="programme-form" method="post" action=${PARTNER_JOIN_PATH} aria-labelledby="join">
  <h2 id="join">${t(programmeText.joinHeading)}</h2>
  ${problem && !['email', 'website', 'code', 'code-taken'].includes(problem) ? html`<p id="join-error" class="form-error" role="alert">${message}</p>` : nothing}
  <label for="join-email">${t(programmeText.email)}</label>
  <input id="join-email" name="email" type="email" autocomplete="email" required value=${fields.email} aria-invalid=${wrong('email')} aria-describedby=${described('email')}>
  ${problem === 'email' ? html`<p id="join-error" class="form-error" role="alert">${message}</p>` : nothing}
  <label for="join-site">${t(programmeText.website)}</label>
  <input id="join-site" name="site" type="text" autocomplete="url" required maxlength=${MAX_WEBSITE_LENGTH} value=${fields.website} aria-invalid=${wrong('website')} aria-describedby=${described('website', 'join-site-hint')}>
  <p id="join-site-hint" class="field-hint">${t(programmeText.websiteHint)}</p>
  ${problem === 'website' ? html`<p id="join-error" class="form-error" role="alert">${message}</p>` : nothing}
  <label for="join-code">${t(programmeText.code)}</label>
  <input id="join-code" name="code" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" minlength="3" maxlength="32" pattern=${PARTNER_CODE_PATTERN} value=${again?.suggestion ?? fields.code} aria-invalid=${wrong('code')} aria-describedby=${described('code', 'join-code-hint')}>
  <p id="join-code-hint" class="field-hint">${t(programmeText.codeHint)}</p>
  ${problem === 'code' || problem === 'code-taken' ? html`<p id="join-error" class="form-error" role="alert">${message}</p>` : nothing}
  <label for="join-locale">${t(programmeText.language)}</label>
  <select id="join-locale" name="locale">${PAGE_LOCALES.map(
    (code) => html`<option value=${code} lang=${code} ?selected=${code === locale}>${LANGUAGE_NAMES[code]}</option>`,
  )}</select>
  ${honeypot()}
  <p class="field-hint">${t(programmeText.joinNote)}</p>
  <button class="button button-primary" type="submit">${t(programmeText.join)}</button>
</form>`;
}

/** "Send me a new link": the address only; the answer is the same whether we know it or not. */
export function newLinkForm(again?: { email: string; problem: ProgrammeProblem }) {
  return html`<form class="programme-form" method="post" action=${PARTNER_NEW_LINK_PATH} aria-labelledby="new-link">
  <h2 id="new-link">${t(programmeText.lostHeading)}</h2>
  <p>${t(programmeText.lostIntro)}</p>
  <label for="new-link-email">${t(programmeText.email)}</label>
  <div class="fallback-row">
    <input id="new-link-email" name="email" type="email" autocomplete="email" required value=${again?.email ?? ''} aria-invalid=${again ? 'true' : nothing} aria-describedby=${again ? 'new-link-error' : nothing}>
    <button class="button button-primary" type="submit">${t(programmeText.lostSubmit)}</button>
  </div>
  ${again ? html`<p id="new-link-error" class="form-error" role="alert">${t(problems[again.problem])}</p>` : nothing}
  <input type="hidden" name="locale" value=${pageLocale()}>
  ${honeypot()}
</form>`;
}

const section = (body: unknown) =>
  html`<section class="section"><div class="container programme-page">${body}</div></section>`;

/** The programme page, rendered at build time in every language. */
export function programmePage() {
  return section(html`<h1>${t(programmeText.heading, { brand: brand.name })}</h1>
  <p class="lead">${t(programmeText.lead)}</p>
  <h2>${t(programmeText.getHeading)}</h2>
  <ul class="programme-gets">
    <li>${t(programmeText.getCode)}</li>
    <li>${t(programmeText.getPage)}</li>
    <li>${t(programmeText.getWidgets)} <a href=${href('/widgets')}>${t(programmeText.widgets)}</a></li>
    <li>${t(programmeText.getNoPassword)}</li>
  </ul>
  ${joinForm()}
  ${newLinkForm()}`);
}

function checkInbox(request: 'join' | 'new-link') {
  return section(html`<h1>${t(programmeText.checkInbox)}</h1>
  <p role="status">${t(request === 'join' ? programmeText.sentJoin : programmeText.sentLink)}</p>
  <p>${t(programmeText.nothingThere, { email: brand.supportEmail })}</p>
  <p><a href=${href(PARTNER_JOIN_PATH)}>${t(programmeText.back)}</a></p>`);
}

/** The confirmation link's page: only its button's POST confirms, so a link scanner changes nothing. */
function confirmAsk(token: string) {
  return section(html`<h1>${t(programmeText.confirmAskHeading)}</h1>
  <p>${t(programmeText.confirmAsk)}</p>
  <form method="post" action=${href(PARTNER_CONFIRM_PATH)}>
    <input type="hidden" name="t" value=${token}>
    <button class="button button-primary" type="submit">${t(programmeText.confirmAskButton)}</button>
  </form>`);
}

function confirmed(code: string, link: string) {
  return section(html`<h1>${t(programmeText.confirmedHeading)}</h1>
  <dl class="programme-confirmed">
    <div><dt>${t(programmeText.confirmedCode)}</dt><dd><code>${code}</code></dd></div>
    <div><dt>${t(programmeText.confirmedLink)}</dt><dd><a href=${link}>${link}</a></dd></div>
  </dl>
  <p>${t(programmeText.confirmedKeep)}</p>
  <p>${t(programmeText.confirmedNext)} <a href=${href('/widgets')}>${t(programmeText.widgets)}</a></p>`);
}

function bodyOf(outcome: ProgrammeOutcome) {
  switch (outcome.kind) {
    case 'check-inbox':
      return checkInbox(outcome.request);
    case 'join-again':
      return section(html`<h1>${t(programmeText.heading, { brand: brand.name })}</h1>${joinForm(outcome)}`);
    case 'new-link-again':
      return section(html`<h1>${t(programmeText.heading, { brand: brand.name })}</h1>${newLinkForm(outcome)}`);
    case 'confirm-ask':
      return confirmAsk(outcome.token);
    case 'confirmed':
      return confirmed(outcome.code, outcome.link);
    case 'cross-site':
      return section(
        html`<h1>${t(programmeText.crossSiteHeading)}</h1><p role="alert">${t(programmeText.crossSite)} <a href=${href(PARTNER_JOIN_PATH)}>${t(programmeText.title)}</a></p>`,
      );
    case 'already-confirmed':
      return section(
        html`<h1>${t(programmeText.alreadyHeading)}</h1><p>${t(programmeText.already, { code: outcome.code })}</p>${newLinkForm()}`,
      );
    case 'confirm-refused':
      return section(
        html`<h1>${t(programmeText.refusedHeading)}</h1><p>${t(programmeText.refused)}</p>${joinForm()}${newLinkForm()}`,
      );
  }
}

/** The server's answers (form posts, the confirmation link): never indexed; the confirmation's address is secret. */
export function partnerProgrammeRoute(outcome: ProgrammeOutcome): Route {
  const confirmation = isConfirmation(outcome);
  return {
    path: confirmation ? PARTNER_CONFIRM_PATH : PARTNER_JOIN_PATH,
    file: 'partners/join.html',
    title: () =>
      `${t(outcome.kind === 'check-inbox' ? programmeText.checkInbox : programmeText.title)} · ${brand.name}`,
    description: () => t(programmeText.description, { brand: brand.name }),
    // The question in another language keeps its link (and its token); the other answers lead to the
    // programme page, as the confirmation link without its token confirms nothing.
    ...(outcome.kind === 'confirm-ask'
      ? { languagePath: `${PARTNER_CONFIRM_PATH}?${new URLSearchParams({ t: outcome.token })}` }
      : confirmation
        ? { languagePath: PARTNER_JOIN_PATH }
        : {}),
    indexable: false,
    ...(confirmation ? { secretInAddress: true as const } : {}),
    // The answers to the forms that carry an address (the forms sent back show it): no third party.
    ...(confirmation ? {} : { personalInPage: true as const }),
    body: () => bodyOf(outcome),
  };
}
