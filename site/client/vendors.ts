/**
 * The vendors' own code, started by third-party.ts only once their category is granted, so a first
 * visit fetches none of this before the reader answers: GA with Consent Mode v2 (basic), the Meta
 * pixel, the tawk.to chat. docs/site.md#cookies-and-consent.
 */
import { pageTitle } from './analytics.js';

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

/** After the page's load event, so a vendor's script never delays it. */
function afterLoad(run: () => void) {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

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

/**
 * The address GA is told about: the origin and path, and of the query only the `utm_*` campaign
 * parameters. Nothing else from the query or the fragment (a token, an e-mail address) leaves the page.
 */
export function pageLocation(url: Pick<Location, 'origin' | 'pathname' | 'search'> = location): string {
  const campaign = [...new URLSearchParams(url.search)].filter(([name]) => name.startsWith('utm_'));
  return url.origin + url.pathname + (campaign.length ? `?${new URLSearchParams(campaign)}` : '');
}

/**
 * Consent Mode's default: everything denied. The update grants analytics_storage alone: Google's
 * advertising signals stay denied whatever the reader accepts, since the site runs no Google Ads and
 * Marketing names only the Meta pixel (docs/site.md#cookies-and-consent).
 */
const DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
};

/**
 * Consent Mode v2, basic, started only once Analytics is granted: the default (all denied) before config,
 * then the update, then this page's view (main.ts's came before gtag existed, so it reached only the page).
 * `page_location` is the cleaned address (pageLocation()), never the query's other parameters.
 */
export function startGa(id: string): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag must push the real `arguments` object, as Google's snippet does.
  const gtag: (...args: unknown[]) => void = function gtag() {
    // The config and every event (analytics.ts sends them through here) carry the cleaned address.
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from dataLayer
    const args = arguments;
    if (args[0] === 'config' || args[0] === 'event') args[2] = { ...args[2], page_location: pageLocation() };
    window.dataLayer?.push(args);
  };
  window.gtag = gtag;
  gtag('consent', 'default', DENIED);
  gtag('js', new Date());
  // Page views are sent with our page titles (analytics.ts), so not the automatic one.
  gtag('config', id, { send_page_view: false });
  gtag('consent', 'update', { ...DENIED, analytics_storage: 'granted' });
  const title = pageTitle();
  if (title) gtag('event', 'page_view', { page_title: title, page_path: location.pathname });
  afterLoad(() => addScriptOnce('kasuwa-ga', `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`));
}

/** The Meta pixel; `debug` logs its calls to the console (outside production). */
export function startPixel(id: string, debug: boolean): void {
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
export function openChat(id: string): void {
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
