/** Shared by the site tests: record every `kasuwa:analytics` event a page dispatches. */
import type { Page } from '@playwright/test';

export type Recorded =
  | { type: 'page_view'; title: string; path: string }
  | { type: 'event'; category: string; action: string; label: string };

export async function recordAnalytics(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { __analytics: unknown[] };
    store.__analytics = [];
    document.addEventListener('kasuwa:analytics', (event) => store.__analytics.push((event as CustomEvent).detail));
  });
}

export const analyticsEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __analytics: Recorded[] }).__analytics);
