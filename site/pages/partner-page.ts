/**
 * A partner's own page (`/partners?t=…`, docs/partners.md): the code, this week, last week and all time,
 * 26 weeks as a bar chart drawn here as inline SVG (no script) with the same numbers in a table, and the
 * top 20 pages and campaigns with the rest as one line. A refused link shows no number and no code: the
 * form that mails a new one, or when to try again.
 */
import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { unsafeHTML } from 'lit-html/directives/unsafe-html.js';
import { brand } from '../../common/brand.js';
import { escapeXml } from '../../common/escape-xml.js';
import { formatNumber } from '../../common/format-message.js';
import { lagosMinute } from '../../common/lagos-time.js';
import {
  PARTNER_PAGE_PATH,
  type PartnerPageOutcome,
  type PartnerRefusal,
  type PartnerSummary,
} from '../../common/partner-report.js';
import { embedBuilder } from '../embed-builder/section.js';
import { href, t, tWithMarkup } from '../locales.js';
import type { Route } from '../route.js';
import { newLinkForm } from './partner-programme.js';

const partnerPageText = {
  title: msg({ id: 'site.partner.title', message: 'Your signups' }),
  description: msg({ id: 'site.partner.description', message: 'The signups your pages brought to {brand}.' }),
  heading: msg({ id: 'site.partner.heading', message: 'Signups from partner code {code}' }),
  thisWeek: msg({ id: 'site.partner.thisWeek', message: 'This week' }),
  lastWeek: msg({ id: 'site.partner.lastWeek', message: 'Last week' }),
  allTime: msg({ id: 'site.partner.allTime', message: 'All time' }),
  chartTitle: msg({ id: 'site.partner.chart.title', message: 'Signups per week, last 26 weeks' }),
  chartDescription: msg({
    id: 'site.partner.chart.description',
    message: 'Bars from week {first} to week {last}; the most in one week: {most}. The table below has every number.',
  }),
  week: msg({ id: 'site.partner.week', message: 'Week' }),
  weekStarts: msg({ id: 'site.partner.weekStarts', message: 'Starts' }),
  signups: msg({ id: 'site.partner.signups', message: 'Signups' }),
  byPage: msg({ id: 'site.partner.byPage', message: 'By page' }),
  page: msg({ id: 'site.partner.page', message: 'Page' }),
  byCampaign: msg({ id: 'site.partner.byCampaign', message: 'By campaign' }),
  campaign: msg({ id: 'site.partner.campaign', message: 'Campaign' }),
  noCampaign: msg({ id: 'site.partner.noCampaign', message: '(no campaign)' }),
  otherPages: msg({
    id: 'site.partner.otherPages',
    message: '{count, plural, one {# other page} other {# other pages}}',
  }),
  otherCampaigns: msg({
    id: 'site.partner.otherCampaigns',
    message: '{count, plural, one {# other campaign} other {# other campaigns}}',
  }),
  none: msg({ id: 'site.partner.none', message: 'No signups yet.' }),
  computed: msg({ id: 'site.partner.computed', message: 'Counted at {time}, Lagos time. Weeks run Monday to Sunday.' }),
  download: msg({ id: 'site.partner.download', message: 'The same numbers as {csv} or {json}.' }),
  refusedHeading: msg({ id: 'site.partner.refused.heading', message: 'This link shows nothing' }),
  tampered: msg({ id: 'site.partner.refused.tampered', message: 'This link was changed: it is not the one we sent.' }),
  expired: msg({ id: 'site.partner.refused.expired', message: 'This link has expired.' }),
  revoked: msg({ id: 'site.partner.refused.revoked', message: 'This link was replaced by a newer one.' }),
  limited: msg({
    id: 'site.partner.refused.limited',
    message: 'Too many links that do not work came from your network. Try again in an hour.',
  }),
  tooOften: msg({
    id: 'site.partner.refused.tooOften',
    message:
      'This link was opened too many times in a short while. Try again in {minutes, plural, one {# minute} other {# minutes}}, at {time} Lagos time.',
  }),
  askAgain: msg({
    id: 'site.partner.refused.askByMail',
    message: 'Ask for a new link below: we e-mail it to the address you joined with. Still stuck? Write to {email}.',
  }),
};

const CHART = { width: 520, height: 200, top: 20, bottom: 26 };

/**
 * The bars as SVG markup, written here as text: Lit's server renderer reads <title> as the document's
 * raw-text element even inside <svg>, so the chart is not a template. Every text in it is escaped.
 */
function chartSvg(report: PartnerSummary): string {
  const { weeks } = report;
  const most = Math.max(0, ...weeks.map((w) => w.signups));
  const plot = CHART.height - CHART.top - CHART.bottom;
  const step = CHART.width / weeks.length;
  const baseline = CHART.top + plot;
  const bars = weeks.map((w, i) => {
    const h = most ? Math.max(w.signups ? 2 : 0, Math.round((w.signups / most) * plot)) : 0;
    return `<rect x="${(i * step + 2).toFixed(1)}" y="${baseline - h}" width="${(step - 4).toFixed(1)}" height="${h}" fill="#0b6e4f"></rect>`;
  });
  const label = (x: number, anchor: string, value: string, y = CHART.height - 6) =>
    `<text x="${x}" y="${y}" font-size="16" fill="#334155" text-anchor="${anchor}">${escapeXml(value)}</text>`;
  const first = weeks[0]!.week;
  const last = weeks.at(-1)!.week;
  const description = t(partnerPageText.chartDescription, { first, last, most: formatNumber(most) });
  return `<svg viewBox="0 0 ${CHART.width} ${CHART.height}" role="img" aria-labelledby="partner-chart-title partner-chart-desc" width="100%">
<title id="partner-chart-title">${escapeXml(t(partnerPageText.chartTitle))}</title>
<desc id="partner-chart-desc">${escapeXml(description)}</desc>
<line x1="0" x2="${CHART.width}" y1="${baseline}" y2="${baseline}" stroke="#64748b"></line>
${bars.join('')}
${label(0, 'start', first)}${label(CHART.width, 'end', last)}${label(0, 'start', formatNumber(most), 16)}
</svg>`;
}

function chart(report: PartnerSummary) {
  const { weeks } = report;
  return html`<figure class="partner-chart">${unsafeHTML(chartSvg(report))}
    <figcaption>${t(partnerPageText.chartTitle)}</figcaption>
  </figure>
  <div class="visually-hidden"><table>
    <caption>${t(partnerPageText.chartTitle)}</caption>
    <thead><tr><th scope="col">${t(partnerPageText.week)}</th><th scope="col">${t(partnerPageText.weekStarts)}</th><th scope="col">${t(partnerPageText.signups)}</th></tr></thead>
    <tbody>${weeks.map((w) => html`<tr><th scope="row">${w.week}</th><td>${w.weekStarts}</td><td>${formatNumber(w.signups)}</td></tr>`)}</tbody>
  </table></div>`;
}

/** A page address or campaign that may break after its dots and slashes only, never inside a word (320 px). */
const breakable = (name: string) => name.split(/(?<=[./])/).map((piece, i) => (i ? html`<wbr>${piece}` : piece));

function breakdown(caption: string, column: string, rows: { name: string; signups: number; other?: boolean }[]) {
  if (!rows.length) return html`<h2>${caption}</h2><p>${t(partnerPageText.none)}</p>`;
  return html`<h2 id=${`partner-${column}`}>${caption}</h2>
  <table class="partner-table" aria-labelledby=${`partner-${column}`}>
    <thead><tr><th scope="col">${column === 'page' ? t(partnerPageText.page) : t(partnerPageText.campaign)}</th><th scope="col">${t(partnerPageText.signups)}</th></tr></thead>
    <tbody>${rows.map((row) => html`<tr class=${row.other ? 'partner-others' : ''}><td>${row.other ? html`<em>${row.name}</em>` : breakable(row.name)}</td><td>${formatNumber(row.signups)}</td></tr>`)}</tbody>
  </table>`;
}

/** The line for the names past the top 20, when there are any. */
const others = (rest: PartnerSummary['otherPages'], label: typeof partnerPageText.otherPages) =>
  rest ? [{ name: t(label, { count: rest.count }), signups: rest.signups, other: true }] : [];

function reportBody(report: PartnerSummary, token: string) {
  const link = (format: string) => `${href(PARTNER_PAGE_PATH)}?${new URLSearchParams({ t: token, format })}`;
  const figure = (label: string, value: number) => html`<div><dt>${label}</dt><dd>${formatNumber(value)}</dd></div>`;
  return html`<h1>${tWithMarkup(partnerPageText.heading, { code: html`<code>${report.partner}</code>` })}</h1>
  <dl class="partner-figures">
    ${figure(t(partnerPageText.thisWeek), report.thisWeek.signups)}
    ${figure(t(partnerPageText.lastWeek), report.lastWeek.signups)}
    ${figure(t(partnerPageText.allTime), report.allTime)}
  </dl>
  ${chart(report)}
  ${breakdown(t(partnerPageText.byPage), 'page', [
    ...report.pages.map((p) => ({ name: p.page, signups: p.signups })),
    ...others(report.otherPages, partnerPageText.otherPages),
  ])}
  ${breakdown(t(partnerPageText.byCampaign), 'campaign', [
    ...report.campaigns.map((c) => ({ name: c.campaign ?? t(partnerPageText.noCampaign), signups: c.signups })),
    ...others(report.otherCampaigns, partnerPageText.otherCampaigns),
  ])}
  <p>${t(partnerPageText.computed, { time: lagosMinute(report.computedAt) })}</p>
  <p>${tWithMarkup(partnerPageText.download, { csv: html`<a href=${link('csv')}>CSV</a>`, json: html`<a href=${link('json')}>JSON</a>` })}</p>`;
}

const REASONS: Record<PartnerRefusal, typeof partnerPageText.tampered> = {
  tampered: partnerPageText.tampered,
  expired: partnerPageText.expired,
  revoked: partnerPageText.revoked,
  'rate-limited': partnerPageText.limited,
  'too-often': partnerPageText.tooOften,
};

function refusedBody(why: PartnerRefusal, retryAfterSeconds = 60) {
  if (why === 'too-often') {
    const at = lagosMinute(Date.now() + retryAfterSeconds * 1000).slice(11);
    return html`<h1>${t(partnerPageText.refusedHeading)}</h1>
    <p role="alert">${t(partnerPageText.tooOften, { minutes: Math.ceil(retryAfterSeconds / 60), time: at })}</p>`;
  }
  return html`<h1>${t(partnerPageText.refusedHeading)}</h1>
  <p role="alert">${t(REASONS[why])}</p>
  <p>${tWithMarkup(partnerPageText.askAgain, { email: html`<a href="mailto:${brand.supportEmail}">${brand.supportEmail}</a>` })}</p>
  ${newLinkForm()}`;
}

export function partnerPageRoute(outcome: PartnerPageOutcome): Route {
  return {
    path: PARTNER_PAGE_PATH,
    languagePath: outcome.kind === 'report' ? `${PARTNER_PAGE_PATH}?${new URLSearchParams({ t: outcome.token })}` : '/',
    file: 'partners.html',
    // Every outcome: a refused link's token is in its address as much as a working one's.
    secretInAddress: true,
    ...(outcome.kind === 'report' ? { scripts: ['embed-builder'] as const } : {}),
    title: () => `${t(partnerPageText.title)} · ${brand.name}`,
    description: () => t(partnerPageText.description, { brand: brand.name }),
    indexable: false,
    body: () =>
      html`<section class="section"><div class="container partner-page">${
        outcome.kind === 'report'
          ? reportBody(outcome.report, outcome.token)
          : refusedBody(outcome.why, outcome.retryAfterSeconds)
      }</div></section>${outcome.kind === 'report' ? embedBuilder({ partner: outcome.report.partner }) : ''}`,
  };
}
