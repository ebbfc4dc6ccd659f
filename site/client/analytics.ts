/**
 * Site analytics (DESIGN.md §7): every event goes out as a `kasuwa:analytics` DOM event (observable by
 * tests and partners) and to GA4 when an ID is configured.
 */
export type AnalyticsEvent =
  | { type: 'page_view'; title: string; path: string }
  | { type: 'event'; category: string; action: string; label: string };

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

export function track(event: AnalyticsEvent): void {
  document.dispatchEvent(new CustomEvent('kasuwa:analytics', { detail: event }));
  if (typeof window.gtag !== 'function') return;
  if (event.type === 'page_view') window.gtag('event', 'page_view', { page_title: event.title, page_path: event.path });
  else window.gtag('event', event.action, { event_category: event.category, event_label: event.label });
}

export function trackPageView(): void {
  const title = document.querySelector<HTMLMetaElement>('meta[name="kasuwa-page-title"]')?.content;
  if (title) track({ type: 'page_view', title, path: location.pathname });
}
