/**
 * Site analytics (docs/site.md, Analytics): every event goes out as a `kasuwa:analytics` DOM event (observable by
 * tests and partners) and to GA4 when an ID is configured.
 */
export type AnalyticsEvent =
  | { type: 'page_view'; title: string; path: string }
  | { type: 'event'; category: string; action: string; label: string };

export const CATEGORY = 'User Interaction';

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

export const trackInteraction = (action: string, label: string) =>
  track({ type: 'event', category: CATEGORY, action, label });

/** The page's analytics title, from <meta name="kasuwa-page-title">; empty on the not-found page. */
export const pageTitle = () => document.querySelector<HTMLMetaElement>('meta[name="kasuwa-page-title"]')?.content ?? '';

export function trackPageView(): void {
  const title = pageTitle();
  if (title) track({ type: 'page_view', title, path: location.pathname });
}

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * A descriptive label: an explicit data-analytics-label as is; otherwise the accessible name (or the
 * href) prefixed with where it is: Header, Footer, Menu, or the heading of the section around it.
 */
export function labelFor(element: HTMLElement): string {
  const explicit = squash(element.dataset.analyticsLabel);
  if (explicit) return explicit;
  const name =
    squash(element.getAttribute('aria-label')) ||
    squash(element.textContent) ||
    element.getAttribute('href') ||
    element.tagName.toLowerCase();
  const regions: Record<string, string> = { HEADER: 'Header', FOOTER: 'Footer', DIALOG: 'Menu' };
  const landmark = regions[element.closest('dialog, header, footer')?.tagName ?? ''];
  const headingId = landmark ? null : element.closest('[aria-labelledby]')?.getAttribute('aria-labelledby');
  const region = landmark ?? squash(headingId ? document.getElementById(headingId)?.textContent : '');
  return region ? `${region}: ${name}` : name;
}

/**
 * One delegated listener: every link and button click on the page, including the fallback forms and
 * the buttons inside the widgets' open shadow roots (found through the event's composed path).
 */
export function trackClicks(root: Document = document): void {
  root.addEventListener(
    'click',
    (event) => {
      const target = event
        .composedPath()
        .find((node): node is HTMLElement => node instanceof HTMLElement && node.matches('a[href], button, summary'));
      if (!target || target.tagName === 'SUMMARY') return; // FAQ toggles are reported by faq.ts
      const inWidget = target.getRootNode() instanceof ShadowRoot;
      const host = inWidget ? ((target.getRootNode() as ShadowRoot).host as HTMLElement) : undefined;
      const label = host ? `${host.localName}: ${labelFor(target)}` : labelFor(target);
      // A link the widget script turned into a button (it opens the modal) is reported as what it is.
      const isLink = target.tagName === 'A' && target.getAttribute('role') !== 'button';
      trackInteraction(isLink ? 'Clicked Link' : 'Clicked Button', label);
    },
    { capture: true },
  );
}
