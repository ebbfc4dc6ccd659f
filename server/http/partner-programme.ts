/**
 * The partner programme's forms, without JavaScript (docs/partners.md, "Joining"): `POST /partners/join`,
 * `POST /partners/new-link` (each with the page's `locale` field) and the confirmation link (any language
 * prefix): `GET /partners/confirm?t=…` shows one button and changes nothing (mail scanners open links);
 * its POST, carrying `t`, confirms. An address gets "check your inbox", known or not.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import type { PageLocale } from '../../common/locale-paths.js';
import type { ProgrammeOutcome } from '../../common/partner-programme.js';
import { isConfirmation } from '../../common/partner-programme.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import { warn } from '../log.js';
import { type Later, ProgrammeRefusal, type RequestContext } from '../partners/programme.js';
import type { Services } from '../services.js';
import { clientIp } from './client-ip.js';
import { originRefusal } from './consent.js';
import { readForm } from './form.js';
import { type GivenRenderers, sendPage } from './page.js';

type ProgrammeServices = Pick<Services, 'programme' | 'hashIp' | 'config'>;

const TOO_MANY_BAD_LINKS = 'Too many links that do not work came from your network. Try again later.';

const TEXT: Record<ProgrammeOutcome['kind'], string> = {
  'check-inbox': 'Check your inbox.',
  'cross-site':
    'This form only works from our own pages: open the partner programme page (/partners/join) and send it from there.',
  'join-again': 'The form has a problem: see the page.',
  'new-link-again': 'The form has a problem: see the page.',
  'confirm-ask': 'Press the button to confirm your partner code.',
  confirmed: 'Your partner code is confirmed.',
  'already-confirmed': 'This code is already confirmed: ask for a new link on the partner programme page.',
  'confirm-refused': 'This link confirms nothing: ask for a new one on the partner programme page.',
};

function answer(
  res: ServerResponse,
  site: GivenRenderers,
  status: number,
  outcome: ProgrammeOutcome,
  locale: string | null,
) {
  const render = site.partnerProgramme;
  // The confirmation shows a private link: kept by no cache, shared or not (as a partner's page).
  const secret = isConfirmation(outcome);
  const cacheControl = secret ? 'private, no-store' : 'no-store';
  sendPage(res, status, render && (() => render(outcome, locale)), TEXT[outcome.kind], cacheControl);
}

/**
 * The programme's POSTs come from our own pages only (originRefusal): another site's page could
 * otherwise spend a visitor's per-address limit on a victim's inbox. A cross-site `Origin` or
 * `Sec-Fetch-Site` is answered 403 with a page that explains; a browser that sends neither is taken.
 */
function refusedFromAnotherSite(
  services: ProgrammeServices,
  site: GivenRenderers,
  req: IncomingMessage,
  res: ServerResponse,
  locale: string | null,
): boolean {
  if (!originRefusal(req.headers, services.config.publicUrl, 'accept')) return false;
  // The body is not read: the connection closes after the answer.
  res.setHeader('Connection', 'close');
  answer(res, site, 403, { kind: 'cross-site' }, locale);
  return true;
}

/** A refusal as the form's problem and its status; anything else is the server's (500) or the database's (503). */
function refusalOf(error: unknown, res: ServerResponse) {
  if (error instanceof ProgrammeRefusal) {
    if (error.retryAfterSeconds) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    return { problem: error.problem, status: error.problem === 'rate-limited' ? 429 : 400 };
  }
  if (!isDatabaseUnavailable(error)) throw error;
  res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return { problem: 'unavailable' as const, status: 503 };
}

type Problem = ReturnType<typeof refusalOf>['problem'];

/**
 * The programme's `later` for one request: its jobs run once the answer is out (finished, or the
 * connection gone), so what they do never shows in the answer's time (programme.ts, Later).
 */
function afterAnswer(res: ServerResponse): Later {
  const jobs: (() => Promise<void>)[] = [];
  finished(res, () => {
    for (const job of jobs.splice(0)) {
      job().catch((error: unknown) =>
        warn('partner programme: the work after an answer failed', { error: String(error) }),
      );
    }
  });
  return (job) => jobs.push(job);
}

/**
 * A programme form: read, acted on with the client's IP hash (the limits count it), answered with the
 * outcome, or with the form again and why it was refused.
 */
async function answerForm(
  services: ProgrammeServices,
  site: GivenRenderers,
  req: IncomingMessage,
  res: ServerResponse,
  act: (form: URLSearchParams, context: RequestContext) => Promise<{ status: number; outcome: ProgrammeOutcome }>,
  again: (form: URLSearchParams, problem: Problem) => ProgrammeOutcome,
) {
  if (refusedFromAnotherSite(services, site, req, res, null)) return;
  const form = await readForm(req, res);
  if (!form) return;
  const locale = form.get('locale');
  const context = { ipHash: services.hashIp(clientIp(req, services.config.trustProxy)), later: afterAnswer(res) };
  try {
    const { status, outcome } = await act(form, context);
    answer(res, site, status, outcome, locale);
  } catch (error) {
    const { problem, status } = refusalOf(error, res);
    answer(res, site, status, again(form, problem), locale);
  }
}

const fieldsOf = (form: URLSearchParams) => ({
  email: form.get('email') ?? '',
  website: form.get('site') ?? '',
  code: form.get('code') ?? '',
});

type FormRoute = (
  services: ProgrammeServices,
  site: GivenRenderers,
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<void>;

export const joinForm: FormRoute = (services, site, req, res) =>
  answerForm(
    services,
    site,
    req,
    res,
    async (form, context) => {
      const fields = fieldsOf(form);
      const input = { ...fields, locale: form.get('locale'), honeypot: form.get('website') };
      const joined = await services.programme.join(input, context);
      if (joined.kind !== 'code-taken') return { status: 200, outcome: { kind: 'check-inbox', request: 'join' } };
      const outcome = { kind: 'join-again', fields, problem: 'code-taken', suggestion: joined.suggestion } as const;
      return { status: 409, outcome };
    },
    (form, problem) => ({ kind: 'join-again', fields: fieldsOf(form), problem }),
  );

export const newLinkForm: FormRoute = (services, site, req, res) =>
  answerForm(
    services,
    site,
    req,
    res,
    async (form, context) => {
      const input = { email: form.get('email') ?? '', locale: form.get('locale'), honeypot: form.get('website') };
      await services.programme.newLink(input, context);
      return { status: 200, outcome: { kind: 'check-inbox', request: 'new-link' } };
    },
    (form, problem) => ({ kind: 'new-link-again', email: form.get('email') ?? '', problem }),
  );

/**
 * The confirmation link, private like a partner's page (no-store, not indexed; app.ts sends no Referer):
 * GET and HEAD ask (read only), POST with the token in the form (or the address) confirms.
 */
export async function confirmPage(
  services: ProgrammeServices,
  site: GivenRenderers,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  locale: PageLocale,
) {
  res.setHeader('X-Robots-Tag', 'noindex');
  const refused = () => answer(res, site, 410, { kind: 'confirm-refused' }, locale);
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
    res.writeHead(405, { Allow: 'GET, HEAD, POST' });
    res.end();
    return;
  }
  if (req.method === 'POST' && refusedFromAnotherSite(services, site, req, res, locale)) return;
  const form = req.method === 'POST' ? await readForm(req, res) : new URLSearchParams();
  if (!form) return;
  const token = form.get('t') ?? url.searchParams.get('t') ?? '';
  const context = { ipHash: services.hashIp(clientIp(req, services.config.trustProxy)) };
  try {
    if (req.method !== 'POST') {
      const offered = await services.programme.confirmable(token, context);
      if (!offered) return refused();
      const outcome: ProgrammeOutcome =
        offered.kind === 'ask' ? { kind: 'confirm-ask', token } : { kind: 'already-confirmed', code: offered.code };
      return answer(res, site, 200, outcome, locale);
    }
    const confirmed = await services.programme.confirm(token, locale, context);
    if (!confirmed) return refused();
    answer(res, site, 200, confirmed, locale);
  } catch (error) {
    if (!(error instanceof ProgrammeRefusal && error.problem === 'rate-limited')) throw error;
    // Past the per-IP limit of bad links: the partner page's own answer to it (429, when to try again).
    const retryAfterSeconds = error.retryAfterSeconds;
    if (retryAfterSeconds) res.setHeader('Retry-After', String(retryAfterSeconds));
    const render = site.partnerPage;
    const outcome = { kind: 'refused', why: 'rate-limited', retryAfterSeconds } as const;
    sendPage(res, 429, render && (() => render(outcome, locale)), TOO_MANY_BAD_LINKS, 'private, no-store');
  }
}
