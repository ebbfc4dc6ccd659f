/**
 * The partner programme's addresses and the answers its forms get (docs/partners.md, "Joining"), shared
 * by the server, which decides them, and the site, which renders them. Every answer to an address is
 * "check your inbox", whether or not we know it.
 */

/** The programme page (static, in every language) and where its join form posts. */
export const PARTNER_JOIN_PATH = '/partners/join';
/** Where "send me a new link" posts (the programme page and the refused-link page). */
export const PARTNER_NEW_LINK_PATH = '/partners/new-link';
/** The confirmation link's page (GET: a button; POST from it: confirms), under the mail's language prefix. */
export const PARTNER_CONFIRM_PATH = '/partners/confirm';

/**
 * How long a reservation never confirmed (its address, website and code) is kept: the server's daily
 * job deletes it then (server/partners/retention.ts), and the privacy policy says so.
 */
export const UNCONFIRMED_KEPT_DAYS = 30;

/** The longest website or social handle the join form takes. */
export const MAX_WEBSITE_LENGTH = 200;

/** A partner code: lowercase letters, digits and hyphens, 3 to 32, starting and ending with a letter or digit. */
export const PARTNER_CODE_PATTERN = '[a-z0-9][a-z0-9\\-]{1,30}[a-z0-9]';

/** What the join form gave, kept through a retry. */
export type JoinFields = { email: string; website: string; code: string };

/** Why a form comes back (the site words it in the page's language). */
export type ProgrammeProblem = 'email' | 'website' | 'code' | 'code-taken' | 'rate-limited' | 'unavailable';

export type ProgrammeOutcome =
  /** A join or a new-link request was taken: a mail is on its way if the address may have one. */
  | { kind: 'check-inbox'; request: 'join' | 'new-link' }
  /** The join form again: what is wrong, and a free code when the one asked for is taken. */
  | { kind: 'join-again'; fields: JoinFields; problem: ProgrammeProblem; suggestion?: string }
  /** The new-link form again: a rate limit, or an address that cannot be one. */
  | { kind: 'new-link-again'; email: string; problem: ProgrammeProblem }
  /** The confirmation link opened: one button that confirms (a POST carrying the token); opening it changes nothing. */
  | { kind: 'confirm-ask'; token: string }
  /** The button pressed: the partner's code and private page (only to the request that confirmed it). */
  | { kind: 'confirmed'; code: string; link: string }
  /** The link of a code confirmed already: no private link, the "Send me a new link" form instead. */
  | { kind: 'already-confirmed'; code: string }
  /** A form posted from another site's page (Origin, Sec-Fetch-Site): refused, with a link to ours. */
  | { kind: 'cross-site' }
  /** The confirmation link was changed, has expired, or its code is no longer the reader's. */
  | { kind: 'confirm-refused' };

/** The confirmation link's answers: their address carries the token (private, no third party, no cache). */
export const isConfirmation = (outcome: ProgrammeOutcome) =>
  outcome.kind === 'confirm-ask' ||
  outcome.kind === 'confirmed' ||
  outcome.kind === 'already-confirmed' ||
  outcome.kind === 'confirm-refused';
