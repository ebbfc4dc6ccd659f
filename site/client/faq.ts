/**
 * FAQ analytics. The accordion itself is native: `<details name="faq">` keeps one entry open and lets
 * it collapse. `toggle` does not bubble, so listen in the capture phase. Opening one entry closes the
 * open one, which fires its own toggle; only toggles the visitor caused are reported.
 */
import { trackInteraction } from './analytics.js';

export function setUpFaqAnalytics(): void {
  let clicked: HTMLDetailsElement | undefined;
  document.addEventListener(
    'click',
    (event) => {
      const summary = event.target instanceof Element ? event.target.closest('summary') : null;
      clicked = (summary?.parentElement as HTMLDetailsElement | null) ?? undefined;
    },
    { capture: true },
  );
  document.addEventListener(
    'toggle',
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || details !== clicked) return;
      const question = details.querySelector('summary')?.textContent?.trim() ?? '';
      trackInteraction(details.open ? 'Opened FAQ' : 'Closed FAQ', question);
    },
    { capture: true },
  );
}
