/**
 * Third parties (IDs in <meta name="kasuwa-…-id">, written by the server from GA_MEASUREMENT_ID,
 * META_PIXEL_ID, CHAT_WIDGET_ID) load only after the reader accepted them in the cookie question
 * (site/parts/consent.ts): nothing of theirs before an answer. GA runs Consent Mode v2 (basic); the chat
 * is our own button that loads tawk.to when pressed. docs/site.md#cookies-and-consent.
 */
import { pageTitle } from './analytics.js';
import {
  type Categories,
  type Choice,
  closeDialog,
  consentVersion,
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
const gaSignals = (choice: Categories) => ({
  ad_storage: state(choice.marketing),
  ad_user_data: state(choice.marketing),
  ad_personalization: state(choice.marketing),
  analytics_storage: state(choice.analytics),
});
const gaDisabled = (id: string) => `ga-disable-${id}` as unknown as number;

/**
 * Consent Mode v2, basic: the default (all denied) before config, gtag.js only now, then the update with
 * what was accepted, then this page's view (the page's own view when `pageView`, else main.ts sends it).
 */
function startGa(id: string, choice: Categories, pageView: boolean, later: (run: () => void) => void): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag must push the real `arguments` object, as Google's snippet does.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from dataLayer
    window.dataLayer?.push(arguments);
  };
  (window as unknown as Record<string, boolean>)[gaDisabled(id)] = false;
  window.gtag('consent', 'default', gaSignals({ analytics: false, marketing: false, chat: false }));
  window.gtag('js', new Date());
  // Page views are sent with our page titles (analytics.ts), so not the automatic one.
  window.gtag('config', id, { send_page_view: false });
  window.gtag('consent', 'update', gaSignals(choice));
  const title = pageTitle();
  if (pageView && title) window.gtag('event', 'page_view', { page_title: title, page_path: location.pathname });
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

export function setUpThirdParties(): void {
  const ids = {
    analytics: metaContent('kasuwa-ga-id'),
    marketing: metaContent('kasuwa-pixel-id'),
    chat: metaContent('kasuwa-chat-id'),
  };
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-consent]');
  if (!dialog || !(ids.analytics || ids.marketing || ids.chat)) return;
  const debug = metaContent('kasuwa-env') !== 'production';
  const version = consentVersion([ids.analytics, ids.marketing, ids.chat]);
  const afterLoad = (run: () => void) => {
    if (document.readyState === 'complete') run();
    else addEventListener('load', run, { once: true });
  };
  let choice = storedChoice(version);
  let gaStarted = false;

  /** Starts what `next` accepts and stops what it withdraws from `before`. */
  const apply = (next: Choice, before: Choice | undefined, pageView: boolean) => {
    const ga = ids.analytics;
    if (ga && next.analytics && !gaStarted) {
      gaStarted = true;
      startGa(ga, next, pageView, afterLoad);
    } else if (ga && gaStarted) {
      window.gtag?.('consent', 'update', gaSignals(next));
      if (!next.analytics) {
        // No further send: Google's own switch, and track() stops once gtag is gone.
        (window as unknown as Record<string, boolean>)[gaDisabled(ga)] = true;
        window.gtag = undefined;
        gaStarted = false;
      }
    }
    // The not-found page sends no page view, so it loads no pixel either.
    if (ids.marketing && next.marketing && !before?.marketing && pageTitle()) startPixel(ids.marketing, debug);
    if (before?.marketing && !next.marketing) window.fbq?.('consent', 'revoke');
    if (before?.chat && !next.chat) window.Tawk_API?.hideWidget?.();
    for (const category of ['analytics', 'marketing', 'chat'] as const)
      if (before?.[category] && !next[category]) removeCookies(category);
  };
  const answer = (categories: Categories) => {
    const before = choice;
    choice = saveChoice(categories, version, before);
    // The record that consent was given (server/consent/): the answer as kept, no IP stored, no e-mail.
    navigator.sendBeacon?.('/consent', JSON.stringify({ ...choice, lang: document.documentElement.lang }));
    apply(choice, before, true);
  };

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
    const button = (event.target as Element).closest<HTMLElement>('button');
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
    answer({ analytics: picked('analytics'), marketing: picked('marketing'), chat: picked('chat') });
  });

  const chatDialog = document.querySelector<HTMLDialogElement>('dialog[data-chat-consent]');
  chatDialog?.addEventListener('click', (event) => {
    const yes = (event.target as Element).closest<HTMLElement>('[data-chat-answer]')?.dataset.chatAnswer;
    if (!yes) return;
    closeDialog(chatDialog);
    if (yes === 'yes' && ids.chat) {
      answer({ analytics: choice?.analytics ?? false, marketing: choice?.marketing ?? false, chat: true });
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
      if (choice?.chat) openChat(ids.chat);
      else if (chatDialog) openDialog(chatDialog, chatDialog.querySelector('button'));
    }
  });

  if (choice) apply(choice, undefined, false);
  else ask(null);
}
