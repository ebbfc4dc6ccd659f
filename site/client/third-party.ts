/**
 * Third parties (IDs in <meta name="kasuwa-…-id">, written by the server from GA_MEASUREMENT_ID,
 * META_PIXEL_ID, CHAT_WIDGET_ID) load only after the reader accepted them in the cookie question
 * (site/parts/consent.ts): nothing of theirs before an answer. GA runs Consent Mode v2 (basic); the chat
 * is our own button that loads tawk.to when pressed. docs/site.md#cookies-and-consent.
 */
import { pageLocation, pageTitle } from './analytics.js';
import {
  CATEGORIES,
  type Categories,
  CONSENT_KEY,
  closeDialog,
  openDialog,
  removeCookies,
  saveChoice,
  storedChoice,
} from './consent.js';

type Queue = {
  (...args: unknown[]): void;
  q?: unknown[][];
  queue?: unknown[][];
  callMethod?: (...a: unknown[]) => void;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: Queue;
    _fbq?: Queue;
    Tawk_API?: { maximize?: () => void; hideWidget?: () => void; onLoad?: () => void };
    Tawk_LoadStart?: Date;
  }
}

export const metaContent = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;

/** Adds a script once (by id); returns false when it was already on the page. */
export function addScriptOnce(id: string, src: string): boolean {
  if (document.getElementById(id)) return false;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.append(script);
  return true;
}

const state = (on: boolean) => (on ? 'granted' : 'denied');
/**
 * Consent Mode's signals: analytics_storage from Analytics. Google's advertising signals stay denied
 * whatever the reader accepts: the site runs no Google Ads, and Marketing names only the Meta pixel
 * (docs/site.md#cookies-and-consent).
 */
const gaSignals = (analytics: boolean) => ({
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: state(analytics),
});
/** Google's own switch, read by gtag.js before it sends anything: set before any gtag() call. */
const setGaDisabled = (id: string, disabled: boolean) => {
  (window as unknown as Record<string, boolean>)[`ga-disable-${id}`] = disabled;
};

/**
 * Consent Mode v2, basic, started only once Analytics is granted: the default (all denied) before config,
 * then the update, then this page's view (the page's own view when `pageView`, else main.ts sends it).
 * `page_location` is the cleaned address (analytics.ts), never the query's other parameters.
 */
function startGa(id: string, pageView: boolean, later: (run: () => void) => void): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag must push the real `arguments` object, as Google's snippet does.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from dataLayer
    window.dataLayer?.push(arguments);
  };
  window.gtag('consent', 'default', gaSignals(false));
  window.gtag('js', new Date());
  // Page views are sent with our page titles (analytics.ts), so not the automatic one.
  window.gtag('config', id, { send_page_view: false, page_location: pageLocation() });
  window.gtag('consent', 'update', gaSignals(true));
  const title = pageTitle();
  if (pageView && title)
    window.gtag('event', 'page_view', {
      page_title: title,
      page_path: location.pathname,
      page_location: pageLocation(),
    });
  later(() => addScriptOnce('kasuwa-ga', `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`));
}

function startPixel(id: string, debug: boolean): void {
  if (!window.fbq) {
    const fbq: Queue = (...args: unknown[]) => {
      if (debug) console.debug('[pixel]', ...args);
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue?.push(args);
    };
    fbq.queue = [];
    window.fbq = fbq;
    window._fbq = fbq;
    Object.assign(fbq, { push: fbq, loaded: true, version: '2.0' });
  }
  window.fbq('consent', 'grant');
  window.fbq('set', 'autoConfig', true, id);
  window.fbq('init', id);
  window.fbq('track', 'PageView');
  addScriptOnce('kasuwa-pixel', 'https://connect.facebook.net/en_US/fbevents.js');
}

/** The live chat (tawk.to), opened once it has arrived; CHAT_WIDGET_ID is "propertyId/widgetId" or a property id. */
function openChat(id: string): void {
  const status = document.querySelector<HTMLElement>('[data-chat-status]');
  const api = window.Tawk_API;
  if (api?.maximize && document.getElementById('kasuwa-chat')) {
    api.maximize();
    return;
  }
  if (status) status.textContent = status.dataset.loading ?? '';
  window.Tawk_API = api ?? {};
  window.Tawk_LoadStart = new Date();
  window.Tawk_API.onLoad = () => {
    if (status) status.textContent = '';
    window.Tawk_API?.maximize?.();
  };
  addScriptOnce('kasuwa-chat', `https://embed.tawk.to/${id.includes('/') ? id : `${id}/default`}`);
}

const NOTHING: Categories = { analytics: false, marketing: false, chat: false };

export function setUpThirdParties(): void {
  const ids: Record<keyof Categories, string | undefined> = {
    analytics: metaContent('kasuwa-ga-id'),
    marketing: metaContent('kasuwa-pixel-id'),
    chat: metaContent('kasuwa-chat-id'),
  };
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-consent]');
  if (!dialog || !(ids.analytics || ids.marketing || ids.chat)) return;
  const debug = metaContent('kasuwa-env') !== 'production';
  // The version the server renders (common/consent-version.ts) and accepts answers for.
  const version = metaContent('kasuwa-consent-version') ?? '';
  const afterLoad = (run: () => void) => {
    if (document.readyState === 'complete') run();
    else addEventListener('load', run, { once: true });
  };
  let choice = storedChoice(version);
  /** The categories whose vendor script this page has run: only a reload stops a script that has run. */
  const running = new Set<keyof Categories>();
  let reloading = false;

  /**
   * The one enforcement, the same whatever the page believed before: clears the cookies of every
   * category not granted (every name, on this host, each parent domain and each path prefix), reloads
   * the page once when a category whose script ran here is no longer granted, and starts what is
   * granted. Run on load, on each answer, on a page restored from the back/forward cache and when
   * another tab answered.
   */
  const enforce = (pageView: boolean) => {
    const granted = choice ?? NOTHING;
    if (ids.analytics) setGaDisabled(ids.analytics, !granted.analytics);
    for (const category of CATEGORIES) if (!granted[category]) removeCookies(category);
    if ([...running].some((category) => !granted[category])) {
      if (!reloading) location.reload();
      reloading = true;
      return;
    }
    if (ids.analytics && granted.analytics && !running.has('analytics')) {
      running.add('analytics');
      startGa(ids.analytics, pageView, afterLoad);
    }
    // The not-found page sends no page view, so it loads no pixel either.
    if (ids.marketing && granted.marketing && !running.has('marketing') && pageTitle()) {
      running.add('marketing');
      startPixel(ids.marketing, debug);
    }
  };
  /**
   * Keeps the answer and records it (server/consent/): the random id, the categories the reader was
   * asked about, the version, the page's language, the time; no IP address, no e-mail.
   */
  const answer = (categories: Categories, asked: readonly (keyof Categories)[]) => {
    const saved = saveChoice(categories, version, choice);
    choice = saved;
    const record = Object.fromEntries(asked.map((category) => [category, saved[category]]));
    navigator.sendBeacon?.(
      '/consent',
      JSON.stringify({ id: saved.id, v: saved.v, at: saved.at, lang: document.documentElement.lang, ...record }),
    );
    enforce(true);
  };
  /** The answer may have changed elsewhere (another tab, or while this page sat in the back/forward cache). */
  const reread = () => {
    choice = storedChoice(version);
    if (choice) closeDialog(dialog);
    enforce(true);
  };
  addEventListener('pageshow', (event) => {
    if (event.persisted) reread();
  });
  addEventListener('storage', (event) => {
    if (event.key === CONSENT_KEY || event.key === null) reread();
  });

  const boxes = () => [...dialog.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
  const categoriesBox = dialog.querySelector<HTMLElement>('.consent-categories');
  const chooser = dialog.querySelector<HTMLElement>('[data-consent-choose]');
  const heading = dialog.querySelector<HTMLElement>('h2');
  heading?.setAttribute('tabindex', '-1');
  let opener: HTMLElement | null = null;
  const showCategories = (show: boolean) => {
    if (categoriesBox) categoriesBox.hidden = !show;
    chooser?.setAttribute('aria-expanded', String(show));
  };
  const ask = (from: HTMLElement | null) => {
    opener = from;
    // Unticked the first time; the current answer when reopened from the footer.
    for (const box of boxes()) box.checked = Boolean(choice?.[box.name as keyof Categories]);
    showCategories(Boolean(choice));
    openDialog(dialog, heading);
  };
  dialog.addEventListener('close', () => opener?.focus());
  dialog.addEventListener('click', (event) => {
    // A tap on the backdrop closes the question unanswered, as Escape and Close do: it never blocks reading.
    const box = dialog.getBoundingClientRect();
    const outside =
      event.target === dialog &&
      (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom);
    const button = (event.target as Element).closest<HTMLElement>('button');
    if (outside || button?.hasAttribute('data-consent-close')) return closeDialog(dialog);
    if (button === chooser) {
      showCategories(Boolean(categoriesBox?.hidden));
      if (!categoriesBox?.hidden) boxes()[0]?.focus();
      return;
    }
    const kind = button?.dataset.consentAnswer;
    if (!kind) return;
    const picked = (name: keyof Categories) =>
      kind === 'all' || (kind === 'custom' && boxes().some((box) => box.name === name && box.checked));
    closeDialog(dialog);
    answer({ analytics: picked('analytics'), marketing: picked('marketing'), chat: picked('chat') }, CATEGORIES);
  });

  const chatDialog = document.querySelector<HTMLDialogElement>('dialog[data-chat-consent]');
  chatDialog?.addEventListener('click', (event) => {
    const yes = (event.target as Element).closest<HTMLElement>('[data-chat-answer]')?.dataset.chatAnswer;
    if (!yes) return;
    closeDialog(chatDialog);
    if (yes === 'yes' && ids.chat) {
      // Only the chat was asked about: the other categories keep their answer, and the record names the chat alone.
      answer({ ...(choice ?? NOTHING), chat: true }, ['chat']);
      running.add('chat');
      openChat(ids.chat);
    }
  });
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const settings = target?.closest<HTMLElement>('[data-consent-open]');
    if (settings) {
      event.preventDefault();
      ask(settings);
    }
    const chat = target?.closest<HTMLElement>('[data-open-chat]');
    if (chat && ids.chat) {
      if (choice?.chat) {
        running.add('chat');
        openChat(ids.chat);
      } else if (chatDialog) openDialog(chatDialog, chatDialog.querySelector('[data-chat-answer="no"]'));
    }
  });

  enforce(false);
  if (!choice) ask(null);
}
