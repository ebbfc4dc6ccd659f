/**
 * The partner programme's rules (docs/partners.md, "Joining"): a join reserves a code and mails its
 * confirmation (double opt-in); the confirmation link gives the code and the private link; a lost link
 * is mailed again to a confirmed partner. Same honeypot and limits as signups (their hits given back when
 * the database fails the request), and the same answer, after the same work, whether or not an address is known.
 */
import crypto from 'node:crypto';
import { checkEmail, inboxKey } from '../../common/email.js';
import { isLocale, type Locale, SOURCE_LOCALE } from '../../common/i18n.js';
import { MAX_WEBSITE_LENGTH, PARTNER_CODE_PATTERN, type ProgrammeProblem } from '../../common/partner-programme.js';
import { hasControlCharacters } from '../control-characters.js';
import { within } from '../database-check.js';
import { warn } from '../log.js';
import {
  type CountHit,
  givingBackWhenUnavailable,
  type HitCounter,
  type RateLimit,
  RateLimiter,
} from '../rate-limits/index.js';
import type { ConfirmLinks } from './confirm-links.js';
import { BAD_LINKS_KEY } from './link-limit.js';
import type { ProgrammeStore } from './programme-store.js';

/** An unconfirmed code is held this long, and its confirmation link lasts as long. */
export const CONFIRM_HOURS = 48;
const CONFIRM_MS = CONFIRM_HOURS * 3_600_000;
/** How many lookups of 20 numbered codes suggest() makes before it gives a random suffix. */
const SUGGEST_ROUNDS = 3;
const CODE = new RegExp(`^${PARTNER_CODE_PATTERN}$`);

export const isPartnerCode = (code: string) => CODE.test(code);

/** What a typed code, a handle or an address's name becomes as a code's stem: `@Ada.Shops` → `ada-shops`. */
export function codeStem(text: string): string {
  const stem = text
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return stem.length >= 3 ? stem : `partner${stem ? `-${stem}` : ''}`;
}

/** A refused form: what is wrong, and how long to wait for a limit. */
export class ProgrammeRefusal extends Error {
  constructor(
    readonly problem: ProgrammeProblem,
    readonly retryAfterSeconds?: number,
  ) {
    super(problem);
  }
}

export type JoinInput = {
  email: string;
  website: string;
  /** Optional: a stem from the website or the address when empty. */
  code?: string | null;
  locale?: string | null;
  /** The honeypot (the start-selling form's `website` field): anything in it marks a bot. */
  honeypot?: string | null;
};
export type JoinResult = { kind: 'check-inbox' } | { kind: 'code-taken'; suggestion: string };
/**
 * Runs a job once the request's answer is out (the route's: partner-programme.ts). What differs with what
 * an address holds (a mail queued again, the worker woken) is done there, never before the answer, so
 * the answer takes the same time for everyone (docs/partners.md, "Joining").
 */
export type Later = (job: () => Promise<void>) => void;
export type RequestContext = { ipHash?: string | null; later?: Later };
/** Without a route's: on the next turn of the event loop. */
const nextTurn: Later = (job) =>
  setImmediate(() => {
    job().catch((error: unknown) =>
      warn('partner programme: the work after an answer failed', { error: String(error) }),
    );
  });
/** How long drain() waits for the work left after answers: half the shutdown's 10 s (server/shutdown.ts). */
const DRAIN_TIMEOUT_MS = 5_000;
export type ConfirmResult =
  | { kind: 'confirmed'; code: string; link: string }
  | { kind: 'already-confirmed'; code: string }
  | undefined;

export function createProgramme(options: {
  store: ProgrammeStore;
  confirmLinks: ConfirmLinks;
  /** The partner's private link (partners.ts issueLink) in `locale`'s path: shown on confirmation. */
  issueLink(code: string, locale: Locale): Promise<{ url: string }>;
  limits: { perIp: RateLimit; perEmail: RateLimit };
  counter?: HitCounter;
  /** Called after a mail was queued (wakes the delivery worker). */
  onQueued?: () => void;
  /** Where a request without its own `later` leaves its work after the answer: the next turn by default. */
  later?: Later;
}) {
  const { store } = options;
  // The work answers left for after them (a mail queued again), from when it is left until it is done:
  // drain() waits for it, so a shutdown right after an answer still queues its mail.
  const pending = new Set<Promise<void>>();
  const leave = (context: RequestContext, job: () => Promise<void>) => {
    const { promise: settled, resolve: done } = Promise.withResolvers<void>();
    pending.add(settled);
    settled.then(() => pending.delete(settled));
    (context.later ?? options.later ?? nextTurn)(() => job().finally(done));
  };
  const perIp = new RateLimiter(options.limits.perIp, options.counter, 'partner-ip');
  const perEmail = new RateLimiter(options.limits.perEmail, options.counter, 'partner-email');
  // Bad confirmation links count where bad partner links do (link-limit.ts, the same key): every failed
  // secret from one address against one per-IP limit.
  const badLinks = new RateLimiter(options.limits.perIp, options.counter, BAD_LINKS_KEY);
  const localeOf = (locale: string | null | undefined): Locale => (isLocale(locale) ? locale : SOURCE_LOCALE);

  /** Counts a request's hit against `limiter`, refused over its limit (given back when the database fails it). */
  async function limit(hit: CountHit, limiter: RateLimiter, key: string) {
    const decision = await hit(limiter, key);
    if (!decision.ok) throw new ProgrammeRefusal('rate-limited', decision.retryAfterSeconds);
  }
  function address(raw: string): string {
    const check = checkEmail(raw);
    if (!check.ok) throw new ProgrammeRefusal('email');
    return check.email;
  }

  /**
   * The enabled reservation a confirmation link names, when its signature and expiry hold and it was
   * signed with the code's key version now (a revoke, disable or erase since refuses it).
   */
  async function holderOf(token: string, now: Date, context: RequestContext) {
    const held = await checkedHolderOf(token, now);
    if (held || !context.ipHash) return held;
    const decision = await badLinks.hit(context.ipHash, now.getTime());
    if (!decision.ok) throw new ProgrammeRefusal('rate-limited', decision.retryAfterSeconds);
    return undefined;
  }
  async function checkedHolderOf(token: string, now: Date) {
    const code = options.confirmLinks.codeOf(token);
    const held = code === undefined ? undefined : await store.find(code);
    if (!held || held.disabled_at !== null) return undefined;
    const read = options.confirmLinks.read(token, held.inbox_key, now);
    if (!read.ok || read.keyVersion !== (await store.keyVersion(held.code))) return undefined;
    return held;
  }

  /**
   * The first free code from the stem: itself, then `-2`, `-3`… (cut to fit 32 characters), looked up 20
   * at a time for SUGGEST_ROUNDS rounds at most; past them, the stem with a random suffix (36^6 of them),
   * so a crowd of taken codes costs a bounded number of queries. The join's reserve decides in the end.
   */
  async function suggest(stem: string): Promise<string> {
    const numbered = (n: number) => {
      if (n === 1) return stem;
      const suffix = `-${n}`;
      return `${stem.slice(0, 32 - suffix.length).replace(/-+$/, '')}${suffix}`;
    };
    for (let round = 0; round < SUGGEST_ROUNDS; round++) {
      const candidates = Array.from({ length: 20 }, (_, i) => numbered(round * 20 + i + 1));
      const taken = await store.taken(candidates);
      const free = candidates.find((code) => !taken.has(code));
      if (free) return free;
    }
    const suffix = `-${crypto.randomInt(36 ** 5, 36 ** 6).toString(36)}`;
    return `${stem.slice(0, 32 - suffix.length).replace(/-+$/, '')}${suffix}`;
  }

  return {
    /** Reserves the code (or a free one from the website's name) and mails the confirmation. */
    join: (input: JoinInput, context: RequestContext = {}): Promise<JoinResult> =>
      givingBackWhenUnavailable(async (hit) => {
        if (input.honeypot?.trim()) return { kind: 'check-inbox' };
        if (context.ipHash) await limit(hit, perIp, context.ipHash);
        const email = address(input.email);
        const website = input.website.trim();
        if (!website || website.length > MAX_WEBSITE_LENGTH || hasControlCharacters(website)) {
          throw new ProgrammeRefusal('website');
        }
        const typed = input.code?.trim().toLowerCase() ?? '';
        if (typed && !isPartnerCode(typed)) throw new ProgrammeRefusal('code');
        await limit(hit, perEmail, inboxKey(email));
        const locale = localeOf(input.locale);
        const code = typed || (await suggest(codeStem(website.replace(/^@/, '') || email.split('@')[0]!)));
        const reserved = await store.reserve({ code, email, website, locale }, CONFIRM_MS);
        if (reserved === 'queued') {
          options.onQueued?.();
          return { kind: 'check-inbox' };
        }
        // The asker's own code answers as anyone else's would, after the same statements: whether its
        // mail goes to them again is decided after the answer, for every taken code alike.
        const suggestion = await suggest(codeStem(code));
        leave(context, async () => {
          if (await store.resend({ code, email, locale })) options.onQueued?.();
        });
        return { kind: 'code-taken', suggestion };
      }),
    /**
     * What the confirmation link's page offers (it asks before it acts): `ask`, the button; `already-confirmed`,
     * no link (only the request that confirmed shows one); undefined, the link confirms nothing. Read only, so
     * a mail scanner that opens the link changes nothing.
     */
    async confirmable(
      token: string,
      context: RequestContext = {},
      now = new Date(),
    ): Promise<{ kind: 'ask' | 'already-confirmed'; code: string } | undefined> {
      const held = await holderOf(token, now, context);
      if (!held) return undefined;
      return { kind: held.confirmed_at === null ? 'ask' : 'already-confirmed', code: held.code };
    },
    /**
     * The confirmation (a POST from the link's page): the code becomes the reader's for good. Only the
     * request that confirmed it gets the private link (shown, and mailed); any later one is told the code
     * is already confirmed, so a forwarded mail or a scanner that presses buttons mints no link. Undefined
     * when the link was changed, has expired, was revoked or its code is not theirs. A link that opens
     * nothing counts against the client's address (`context.ipHash`), refused past the per-IP limit.
     */
    async confirm(
      token: string,
      locale: string | null | undefined,
      context: RequestContext = {},
      now = new Date(),
    ): Promise<ConfirmResult> {
      const held = await holderOf(token, now, context);
      if (!held) return undefined;
      const confirmed = await store.confirm(held.code, held.inbox_key, localeOf(locale));
      if (!confirmed) return undefined;
      if (!confirmed.first) return { kind: 'already-confirmed', code: held.code };
      options.onQueued?.();
      return { kind: 'confirmed', code: held.code, link: (await options.issueLink(held.code, localeOf(locale))).url };
    },
    /** The confirmation link a mail carries for this reservation, valid CONFIRM_HOURS from `now`, under the code's key version now. */
    confirmToken: async (code: string, inbox: string, now = new Date()) =>
      options.confirmLinks.token({
        code,
        inbox,
        keyVersion: await store.keyVersion(code),
        expiresAt: new Date(now.getTime() + CONFIRM_MS),
      }),
    /**
     * "Send me a new link": a fresh private link by mail to each confirmed, enabled code of the address.
     * Before the answer, one read whatever it finds (so an unavailable database is still a 503); the
     * links are queued after it.
     */
    newLink: (
      input: { email: string; locale?: string | null; honeypot?: string | null },
      context: RequestContext = {},
    ) =>
      givingBackWhenUnavailable(async (hit) => {
        if (input.honeypot?.trim()) return;
        if (context.ipHash) await limit(hit, perIp, context.ipHash);
        const email = address(input.email);
        await limit(hit, perEmail, inboxKey(email));
        const codes = await store.linkable(email);
        leave(context, async () => {
          if ((await store.queueLinks(codes, localeOf(input.locale))) > 0) options.onQueued?.();
        });
      }),
    /**
     * Settles once the work every answer so far left for after it is done (each job's failure is logged
     * where it runs), or after `timeoutMs` (a connection that never finishes holds its job back).
     */
    drain: (timeoutMs = DRAIN_TIMEOUT_MS) =>
      within(
        Promise.allSettled([...pending]).then(() => undefined),
        timeoutMs,
        undefined,
      ),
  };
}

export type Programme = ReturnType<typeof createProgramme>;
