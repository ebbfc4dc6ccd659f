/**
 * The reader's answer to the cookie question (site/parts/consent.ts): kept first-party in localStorage
 * (only the answer, its version and a random id), valid 12 months and while the configured third
 * parties stay the same (the version, which the server renders into the page: common/consent-version.ts).
 * docs/site.md#cookies-and-consent.
 */
export type Categories = { analytics: boolean; marketing: boolean; chat: boolean };
export type Choice = Categories & { id: string; v: string; at: number };

export const CONSENT_KEY = 'kasuwa-consent';
export const CATEGORIES = ['analytics', 'marketing', 'chat'] as const;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The stored answer, read strictly: every category a boolean, an id, the version this page asks
 * about, and a time that is neither in the future nor over 12 months ago. Anything else asks again.
 */
export function storedChoice(version: string, now = Date.now()): Choice | undefined {
  try {
    // Not an object: null throws here, a number or a string has no id.
    const stored = JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null') as Record<string, unknown>;
    const { id, v, at } = stored;
    if (typeof id !== 'string' || v !== version) return undefined;
    if (typeof at !== 'number' || !(at <= now && now - at < YEAR_MS)) return undefined;
    if (!CATEGORIES.every((category) => typeof stored[category] === 'boolean')) return undefined;
    return stored as Choice;
  } catch {
    // Storage blocked or the value spoiled: ask again.
    return undefined;
  }
}

export function saveChoice(categories: Categories, version: string, previous?: Choice): Choice {
  const id = previous?.id ?? crypto.getRandomValues(new Uint32Array(4)).join('-');
  const choice: Choice = { ...categories, id, v: version, at: Date.now() };
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(choice));
  } catch {
    // Kept for this page only: the question comes back on the next one.
  }
  return choice;
}

/** The cookies each category's vendor sets on our domain, removed whenever the category is not granted. */
const COOKIES: Record<keyof Categories, RegExp> = {
  analytics: /^(_ga|_ga_.+|_gid|_gat.*)$/,
  marketing: /^(_fbp|_fbc)$/,
  chat: /^(twk_.+|__tawkuuid|TawkConnectionTime)$/,
};

/** Every domain (this host and each parent) and path (each prefix of this one) a cookie may sit on. */
export function removeCookies(category: keyof Categories): void {
  const parts = location.hostname.split('.');
  const domains = ['', ...parts.slice(0, -1).map((_, i) => `; domain=.${parts.slice(i).join('.')}`)];
  const segments = location.pathname.split('/').slice(1, -1);
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (!COOKIES[category].test(name)) continue;
    for (const domain of domains) {
      for (const path of paths) {
        // biome-ignore lint/suspicious/noDocumentCookie: no Cookie Store API in Firefox and Safari before 2025
        document.cookie = `${name}=; Max-Age=0; path=${path}${domain}`;
      }
    }
  }
}

/** Opens a modal dialog; browsers before <dialog> (Firefox 91–97, Safari 15.0–15.3) get it open in place. */
export function openDialog(dialog: HTMLDialogElement, focus: HTMLElement | null): void {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
  focus?.focus();
}

export function closeDialog(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}
