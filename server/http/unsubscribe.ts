/**
 * `/unsubscribe?t=…`, the stop link every mail carries (docs/signups.md, "Privacy"), under the mail's
 * language prefix (`/ha/unsubscribe?t=…`), which the page answers in: GET shows the page with one button
 * and changes nothing (link scanners open links); POST, from that button or from a mail client's RFC 8058
 * one-click (`List-Unsubscribe=One-Click`), puts the inbox on the suppression list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageLocale } from '../../common/locale-paths.js';
import { UNAVAILABLE_MESSAGE } from '../../common/messages.js';
import type { StopMailOutcome } from '../../common/page-renderers.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { log } from '../log.js';
import { maskedAddress } from '../privacy/links.js';
import type { Services } from '../services.js';
import { BodyTooLarge, readBody } from './body.js';
import { type GivenRenderers, sendPage } from './page.js';

const BODY_LIMIT = 4096;

const INVALID = 'This link was changed or is for another address: nothing was done.';

export async function stopMail(
  services: Pick<Services, 'privacy'>,
  site: GivenRenderers,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  locale: PageLocale,
) {
  const { stopMail: renderer } = site;
  const render = renderer && ((outcome: StopMailOutcome) => () => renderer(outcome, locale));
  const invalid = () => sendPage(res, 400, render?.({ kind: 'invalid' }), INVALID);
  if (req.method === 'GET' || req.method === 'HEAD') {
    const token = url.searchParams.get('t') ?? '';
    const email = services.privacy.addressOf(token);
    if (email === undefined) return invalid();
    const address = maskedAddress(email);
    return sendPage(res, 200, render?.({ kind: 'confirm', address, token }), `Stop e-mails to ${address}?`);
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { Allow: 'GET, HEAD, POST' });
    res.end();
    return;
  }
  let form: URLSearchParams;
  try {
    form = new URLSearchParams((await readBody(req, BODY_LIMIT)).toString('utf8'));
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    res.writeHead(413, { Connection: 'close', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('The form is too large.');
    return;
  }
  // The page's button sends the token in the body; a one-click POST goes to the URL in the header.
  const token = form.get('t') ?? url.searchParams.get('t') ?? '';
  const how = form.get('List-Unsubscribe') === 'One-Click' ? 'one-click' : 'link';
  let stopped: Awaited<ReturnType<Services['privacy']['stop']>>;
  try {
    stopped = await services.privacy.stop(token, how);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    res.setHeader('Retry-After', '5');
    return sendPage(res, 503, undefined, UNAVAILABLE_MESSAGE);
  }
  if (!stopped) return invalid();
  // Never the address in the log.
  log('e-mails stopped', { how, cancelled: stopped.cancelled });
  const address = maskedAddress(stopped.email);
  sendPage(res, 200, render?.({ kind: 'stopped', address }), `Done: we will not e-mail ${address} again.`);
}
