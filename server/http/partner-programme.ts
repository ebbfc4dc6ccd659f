/**
 * The partner programme's forms, without JavaScript (docs/partners.md, "Joining"): `POST /partners/join`,
 * `POST /partners/new-link` (each with the page's `locale` field) and the confirmation link
 * `GET /partners/confirm?t=…` (any language prefix). An address gets "check your inbox", known or not.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageLocale } from '../../common/locale-paths.js';
import type { ProgrammeOutcome } from '../../common/partner-programme.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors.js';
import { ProgrammeRefusal } from '../partners/programme.js';
import type { Services } from '../services.js';
import { clientIp } from './client-ip.js';
import { readForm } from './form.js';
import { type GivenRenderers, sendPage } from './page.js';

type ProgrammeServices = Pick<Services, 'programme' | 'hashIp' | 'config'>;

const TEXT: Record<ProgrammeOutcome['kind'], string> = {
  'check-inbox': 'Check your inbox.',
  'join-again': 'The form has a problem: see the page.',
  'new-link-again': 'The form has a problem: see the page.',
  confirmed: 'Your partner code is confirmed.',
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
  const secret = outcome.kind === 'confirmed' || outcome.kind === 'confirm-refused';
  const cacheControl = secret ? 'private, no-store' : 'no-store';
  sendPage(res, status, render && (() => render(outcome, locale)), TEXT[outcome.kind], cacheControl);
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

export async function joinForm(
  services: ProgrammeServices,
  site: GivenRenderers,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const form = await readForm(req, res);
  if (!form) return;
  const fields = { email: form.get('email') ?? '', website: form.get('site') ?? '', code: form.get('code') ?? '' };
  const locale = form.get('locale');
  const context = { ipHash: services.hashIp(clientIp(req, services.config.trustProxy)) };
  try {
    const joined = await services.programme.join({ ...fields, locale, honeypot: form.get('website') }, context);
    if (joined.kind === 'code-taken') {
      return answer(
        res,
        site,
        409,
        { kind: 'join-again', fields, problem: 'code-taken', suggestion: joined.suggestion },
        locale,
      );
    }
    answer(res, site, 200, { kind: 'check-inbox', request: 'join' }, locale);
  } catch (error) {
    const { problem, status } = refusalOf(error, res);
    answer(res, site, status, { kind: 'join-again', fields, problem }, locale);
  }
}

export async function newLinkForm(
  services: ProgrammeServices,
  site: GivenRenderers,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const form = await readForm(req, res);
  if (!form) return;
  const email = form.get('email') ?? '';
  const locale = form.get('locale');
  const context = { ipHash: services.hashIp(clientIp(req, services.config.trustProxy)) };
  try {
    await services.programme.newLink({ email, locale, honeypot: form.get('website') }, context);
    answer(res, site, 200, { kind: 'check-inbox', request: 'new-link' }, locale);
  } catch (error) {
    const { problem, status } = refusalOf(error, res);
    answer(res, site, status, { kind: 'new-link-again', email, problem }, locale);
  }
}

/** The confirmation link: private like a partner's page (no-store, not indexed; app.ts sends no Referer). */
export async function confirmPage(
  services: ProgrammeServices,
  site: GivenRenderers,
  url: URL,
  res: ServerResponse,
  locale: PageLocale,
) {
  res.setHeader('X-Robots-Tag', 'noindex');
  const confirmed = await services.programme.confirm(url.searchParams.get('t') ?? '', locale);
  if (!confirmed) return answer(res, site, 410, { kind: 'confirm-refused' }, locale);
  answer(res, site, 200, { kind: 'confirmed', code: confirmed.code, link: confirmed.link }, locale);
}
