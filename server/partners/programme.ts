/**
 * The partner programme's rules (docs/partners.md, "Joining"): a join reserves a code and mails its
 * confirmation (double opt-in); the confirmation link gives the code and the private link; a lost link
 * is mailed again to a confirmed partner. Same honeypot and limits as signups, and the same answer
 * whether or not an address is known. Transport-free: the HTTP forms and the admin commands call this.
 */
import { checkEmail, inboxKey } from '../../common/email.js';
import { isLocale, type Locale, SOURCE_LOCALE } from '../../common/i18n.js';
import { PARTNER_CODE_PATTERN, type ProgrammeProblem } from '../../common/partner-programme.js';
import { hasControlCharacters } from '../control-characters.js';
import type { HitCounter, RateLimit } from '../signups/rate-limit.js';
import { RateLimiter } from '../signups/rate-limit.js';
import type { ConfirmLinks } from './confirm-links.js';
import type { ProgrammeStore } from './programme-store.js';

/** An unconfirmed code is held this long, and its confirmation link lasts as long. */
export const CONFIRM_HOURS = 48;
const CONFIRM_MS = CONFIRM_HOURS * 3_600_000;
export const MAX_WEBSITE_LENGTH = 200;
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
export type RequestContext = { ipHash?: string | null };

export function createProgramme(options: {
  store: ProgrammeStore;
  confirmLinks: ConfirmLinks;
  /** The partner's private link (partners.ts issueLink): shown on confirmation. */
  issueLink(code: string): Promise<{ url: string }>;
  limits: { perIp: RateLimit; perEmail: RateLimit };
  counter?: HitCounter;
  /** Called after a mail was queued (wakes the delivery worker). */
  onQueued?: () => void;
}) {
  const { store } = options;
  const perIp = new RateLimiter(options.limits.perIp, options.counter, 'partner-ip');
  const perEmail = new RateLimiter(options.limits.perEmail, options.counter, 'partner-email');
  const localeOf = (locale: string | null | undefined): Locale => (isLocale(locale) ? locale : SOURCE_LOCALE);

  async function limitIp(context: RequestContext) {
    if (!context.ipHash) return;
    const decision = await perIp.hit(context.ipHash);
    if (!decision.ok) throw new ProgrammeRefusal('rate-limited', decision.retryAfterSeconds);
  }
  async function limitAddress(email: string) {
    const decision = await perEmail.hit(inboxKey(email));
    if (!decision.ok) throw new ProgrammeRefusal('rate-limited', decision.retryAfterSeconds);
  }
  function address(raw: string): string {
    const check = checkEmail(raw);
    if (!check.ok) throw new ProgrammeRefusal('email');
    return check.email;
  }

  /** The first free code from the stem: itself, then `-2`, `-3`… (cut to fit 32 characters). */
  async function suggest(stem: string): Promise<string> {
    for (let from = 1; ; from += 20) {
      const candidates = Array.from({ length: 20 }, (_, i) => {
        const n = from + i;
        if (n === 1) return stem;
        const suffix = `-${n}`;
        return `${stem.slice(0, 32 - suffix.length).replace(/-+$/, '')}${suffix}`;
      });
      const taken = await store.taken(candidates);
      const free = candidates.find((code) => !taken.has(code));
      if (free) return free;
    }
  }

  return {
    /** Reserves the code (or a free one from the website's name) and mails the confirmation. */
    async join(input: JoinInput, context: RequestContext = {}): Promise<JoinResult> {
      if (input.honeypot?.trim()) return { kind: 'check-inbox' };
      await limitIp(context);
      const email = address(input.email);
      const website = input.website.trim();
      if (!website || website.length > MAX_WEBSITE_LENGTH || hasControlCharacters(website)) {
        throw new ProgrammeRefusal('website');
      }
      const typed = input.code?.trim().toLowerCase() ?? '';
      if (typed && !isPartnerCode(typed)) throw new ProgrammeRefusal('code');
      await limitAddress(email);
      const locale = localeOf(input.locale);
      const code = typed || (await suggest(codeStem(website.replace(/^@/, '') || email.split('@')[0]!)));
      const reserved = await store.reserve({ code, email, website, locale }, CONFIRM_MS);
      if (reserved === 'taken') return { kind: 'code-taken', suggestion: await suggest(codeStem(code)) };
      options.onQueued?.();
      return { kind: 'check-inbox' };
    },
    /**
     * The confirmation link: the code becomes the reader's for good, the first time with its private
     * link by mail too. Undefined when the link was changed, has expired or its code is not theirs.
     */
    async confirm(token: string, locale: string | null | undefined, now = new Date()) {
      const code = options.confirmLinks.codeOf(token);
      const held = code === undefined ? undefined : await store.find(code);
      if (!held || held.disabled_at !== null) return undefined;
      if (!options.confirmLinks.read(token, held.inbox_key, now).ok) return undefined;
      const confirmed = await store.confirm(held.code, held.inbox_key, localeOf(locale));
      if (!confirmed) return undefined;
      options.onQueued?.();
      return { code: confirmed.code, link: (await options.issueLink(confirmed.code)).url };
    },
    /** The confirmation link a mail carries for this reservation, valid CONFIRM_HOURS from `now`. */
    confirmToken: (code: string, inbox: string, now = new Date()) =>
      options.confirmLinks.token(code, inbox, new Date(now.getTime() + CONFIRM_MS)),
    /** "Send me a new link": a fresh private link by mail to each confirmed, enabled code of the address. */
    async newLink(
      input: { email: string; locale?: string | null; honeypot?: string | null },
      context: RequestContext = {},
    ) {
      if (input.honeypot?.trim()) return;
      await limitIp(context);
      const email = address(input.email);
      await limitAddress(email);
      if ((await store.sendLinks(email, localeOf(input.locale))) > 0) options.onQueued?.();
    },
  };
}

export type Programme = ReturnType<typeof createProgramme>;
