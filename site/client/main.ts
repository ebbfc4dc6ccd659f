/** The site's own script: small progressive enhancements that are not widgets. */
import { firstContentfulPaint } from '../../common/after-first-paint.js';
import { trackClicks, trackInteraction, trackPageView } from './analytics.js';
import { setUpDrawer } from './drawer.js';
import { setUpFaqAnalytics } from './faq.js';
import { setUpSteps } from './steps.js';
import { setUpAudienceTabs } from './tabs.js';

// The web app manifest (its address in this script's tag, data-manifest) only after the first paint:
// Chromium fetches a linked one as the HTML ends, and Lighthouse's simulation then counts its round trip
// before the paint (docs/site.md, "After the first paint").
const manifest = document.querySelector<HTMLScriptElement>('script[data-manifest]')?.dataset.manifest;
if (manifest)
  void firstContentfulPaint().then(() =>
    document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: manifest })),
  );

// A page built last December still shows this year.
for (const year of document.querySelectorAll('[data-current-year]'))
  year.textContent = String(new Date().getFullYear());

// The cookie question and the third parties (third-party.ts, consent.ts) load only on a page with an ID
// configured (the server's <meta name="kasuwa-…-id">): without one, every page is spared their bytes.
// With a stored yes, GA is set up before the page view so gtag receives it (it queues until gtag.js loads).
const THIRD_PARTY_IDS = ['kasuwa-ga-id', 'kasuwa-pixel-id', 'kasuwa-chat-id'];
if (THIRD_PARTY_IDS.some((name) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content))
  import('./third-party.js').then(({ setUpThirdParties }) => {
    setUpThirdParties();
    trackPageView();
  }, trackPageView);
else trackPageView();
trackClicks();
setUpFaqAnalytics();
setUpDrawer();
setUpAudienceTabs();
setUpSteps();

// <pricing-plans> reports its billing toggle; the site turns it into an analytics event.
document.addEventListener('pricing-period-change', (event) => {
  const period = (event as CustomEvent<{ period?: string }>).detail?.period ?? 'unknown';
  trackInteraction(
    'Toggled Billing Period',
    period === 'monthly' ? 'Monthly' : period === 'annual' ? 'Annual' : period,
  );
});
document.addEventListener('pricing-plan-select', (event) => {
  const plan = (event as CustomEvent<{ plan?: string; title?: string }>).detail;
  trackInteraction('Selected Plan', plan?.title ?? plan?.plan ?? 'unknown');
});

// "Stand a chance to win!": to the rank check, and focus on it for keyboard users. The jump is instant, as
// every in-page link's: a smooth scroll's end is fixed before the sections on its way are laid out
// (docs/site.md, "Laid out when near"), so it stopped short or beyond.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-scroll-to]') : null;
  const target = link && document.getElementById(link.dataset.scrollTo ?? '');
  if (!link || !target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
  history.replaceState(null, '', `#${target.id}`);
});
