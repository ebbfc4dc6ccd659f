/**
 * Third parties load only when their ID is configured (<meta name="kasuwa-…-id">, written at render
 * time from GA_MEASUREMENT_ID, META_PIXEL_ID, CHAT_WIDGET_ID), after the page has loaded, so they
 * never block rendering. This module runs once per document: a page restored from the back/forward
 * cache keeps its scripts and does not run it again, and the id guard makes a second call harmless.
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
    Tawk_API?: { maximize?: () => void; onLoad?: () => void };
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

/** Defines gtag at once (calls queue in dataLayer), so the page view sent right after is kept. */
function initGa(id: string): void {
  window.dataLayer = window.dataLayer ?? [];
  // gtag must push the real `arguments` object, as Google's snippet does.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads Arguments objects from dataLayer
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by analytics.ts with our page titles, so turn off the automatic one.
  window.gtag('config', id, { send_page_view: false });
}

function loadGa(id: string): void {
  addScriptOnce('kasuwa-ga', `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
}

function loadPixel(id: string, debug: boolean): void {
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
  window.fbq('set', 'autoConfig', true, id);
  window.fbq('init', id);
  window.fbq('track', 'PageView');
  addScriptOnce('kasuwa-pixel', 'https://connect.facebook.net/en_US/fbevents.js');
}

/** The live chat (tawk.to): CHAT_WIDGET_ID is "propertyId/widgetId" or a property id. */
function loadChat(id: string): void {
  const path = id.includes('/') ? id : `${id}/default`;
  window.Tawk_API = window.Tawk_API ?? {};
  window.Tawk_LoadStart = new Date();
  window.Tawk_API.onLoad = () => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('[data-open-chat]')) button.hidden = false;
  };
  addScriptOnce('kasuwa-chat', `https://embed.tawk.to/${path}`);
}

export function setUpThirdParties(): void {
  const ga = metaContent('kasuwa-ga-id');
  const pixel = metaContent('kasuwa-pixel-id');
  const chat = metaContent('kasuwa-chat-id');
  if (!ga && !pixel && !chat) return;
  const debug = metaContent('kasuwa-env') !== 'production';
  if (ga) initGa(ga);
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-open-chat]') : null;
    if (button) window.Tawk_API?.maximize?.();
  });
  const start = () => {
    if (ga) loadGa(ga);
    // The not-found page sends no page view, so it loads no pixel either.
    if (pixel && pageTitle()) loadPixel(pixel, debug);
    if (chat) loadChat(chat);
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
