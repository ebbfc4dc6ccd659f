/**
 * `POST /start-selling`: the signup for people without JavaScript (the fallback form inside
 * <start-selling-form>). Same rules as the GraphQL mutation; answers a page, never JSON.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLocale } from '../../common/i18n.js';
import { INTERNAL_ERROR_MESSAGE } from '../../common/messages.js';
import type { SignupOutcome } from '../../common/page-renderers.js';
import { UserFacingError } from '../errors.js';
import type { Services } from '../services.js';
import { partnerCode } from '../signups/signups.js';
import { clientIp } from './client-ip.js';
import { readForm } from './form.js';
import { type GivenRenderers, sendPage } from './page.js';

export async function startSellingForm(
  services: Pick<Services, 'config' | 'startSelling' | 'hashIp'>,
  site: GivenRenderers,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const { config } = services;
  const form = await readForm(req, res);
  if (!form) return;
  const email = form.get('email') ?? '';
  const ref = partnerCode({ partner: form.get('partner'), ref: form.get('ref') });
  const source = form.get('source') ?? sourceOf(req.headers.referer);
  const campaign = form.get('campaign') || null;
  // The language of the page the form sat on (its hidden field): the welcome mail's.
  const locale = form.get('locale') || null;
  // Kept through a retry only when it is one of ours (an unknown one is what the error is about).
  const kept = isLocale(locale) ? locale : null;
  let outcome: SignupOutcome;
  let status = 200;
  try {
    await services.startSelling(
      { email, partner: ref, campaign, source, website: form.get('website'), locale },
      { ipHash: services.hashIp(clientIp(req, config.trustProxy)) },
    );
    outcome = { ok: true };
  } catch (error) {
    if (!(error instanceof UserFacingError)) {
      console.error(JSON.stringify({ level: 'error', msg: 'start-selling form failed', error: String(error) }));
      outcome = { ok: false, email, ref, campaign, source, locale: kept, message: INTERNAL_ERROR_MESSAGE };
      status = 500;
    } else if (error.code === 'RATE_LIMITED' || error.code === 'UNAVAILABLE') {
      // The message says to wait (how long, for a limit: rateLimitedMessage); the form is shown again, filled.
      res.setHeader('Retry-After', String(error.extensions.retryAfterSeconds));
      outcome = { ok: false, email, ref, campaign, source, locale: kept, message: error.message };
      status = error.code === 'RATE_LIMITED' ? 429 : 503;
    } else {
      outcome = { ok: false, email, ref, campaign, source, locale: kept, message: error.message };
      status = 400;
    }
  }
  const render = site.signupResult;
  // The answer is in the language of the form that was sent, too.
  sendPage(
    res,
    status,
    render && (() => render(outcome, locale)),
    outcome.ok ? 'Kindly check your email' : outcome.message,
  );
}

/** The page the form sat on, as host and path (what the widget sends as `source`). */
function sourceOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return `${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}
