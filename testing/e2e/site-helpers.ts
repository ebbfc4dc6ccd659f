/** Shared by the site tests: analytics events, upgraded widgets, CSP violations, layout shifts, axe, the built pages. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Scrolls a widget into view, as a reader does, and waits until it has replaced its fallback content:
 * the loader loads a tag only near the viewport (or on focus in its fallback).
 */
export async function upgraded(widget: Locator): Promise<void> {
  await widget.scrollIntoViewIfNeeded();
  // Rendered: more in its shadow root than the fallback's slot and the <style>s of an older browser.
  const rendered = (element: Element) =>
    [...(element.shadowRoot?.children ?? [])].filter((child) => !['slot', 'style'].includes(child.localName)).length;
  await expect.poll(() => widget.evaluate(rendered)).toBeGreaterThan(0);
}

/** The Content-Security-Policy violations the page reports in its console, collected as they come. */
export function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Records the page's layout shifts (without recent input) from its first frame; read them with
 * `layoutShiftSum`. `textArriving`: every source a text node whose box stayed put (see layoutShiftSum).
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const shifts: { value: number; textArriving: boolean }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    const same = (a: DOMRectReadOnly, b: DOMRectReadOnly) =>
      a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const textArriving = entry.sources.every(
          ({ node, previousRect, currentRect }) => node?.nodeType === Node.TEXT_NODE && same(previousRect, currentRect),
        );
        shifts.push({ value: entry.value, textArriving });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The cumulative layout shift recorded so far (recordLayoutShifts). `exceptTextArriving` leaves out a
 * paragraph's own text arriving over a slow network: Chromium paints a text node as far as its HTML has
 * come, and the rest re-wraps its last line inside the same box (the success page's centred lead,
 * when a piece of the HTML ended inside it).
 */
export async function layoutShiftSum(page: Page, { exceptTextArriving = false } = {}): Promise<number> {
  const shifts = await page.evaluate(
    () => (window as unknown as { shifts: { value: number; textArriving: boolean }[] }).shifts,
  );
  return shifts
    .filter(({ textArriving }) => !(exceptTextArriving && textArriving))
    .reduce((sum, { value }) => sum + value, 0);
}

/**
 * Whether Chromium has laid out `element`: false inside a section laid out only when near
 * (content-visibility: auto, docs/site.md "Laid out when near") that it has not laid out yet.
 */
export const laidOut = (element: Locator) =>
  element.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));

/** The accessibility gate's rules (docs/quality.md): WCAG 2.0, 2.1 and 2.2, A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** axe's violations as readable lines: rule, where, and axe's own summary of what is wrong. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Sections laid out only when near the viewport (content-visibility: auto) would be judged unpainted
  // (their text on no background); a reader sees each painted, so axe judges them painted too.
  await page.evaluate(() => {
    for (const section of document.querySelectorAll<HTMLElement>('.render-when-near')) {
      section.style.contentVisibility = 'visible';
    }
  });
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} at ${node.target.join(' ')}: ${node.failureSummary}`),
  );
}

/**
 * Every built page's address, the not-found page as an unknown one: from the built renderer's routes
 * (the site's source declares its text with Lingui's macros, which only the build compiles).
 */
export async function builtPagePaths(): Promise<string[]> {
  const { routes } = (await import(pathToFileURL(path.resolve('dist/server/render.js')).href)) as {
    routes: { path: string; status?: number }[];
  };
  return routes.map((route) => (route.status === 404 ? '/no-such-page' : route.path));
}
