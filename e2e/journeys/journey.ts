/// <reference types="mocha" />
/**
 * What every journey does: finds the running product, loads our script from it as a partner page does,
 * acts with real keys (typing, Enter) in whichever engine runs it, and reads what the product stored.
 */
import { type, typeKeys } from '../../testing/browser/commands.js';
import { until } from '../../testing/browser/queries.js';

export { press } from '../../testing/browser/commands.js';

export const product: string = (await (await fetch('/__product')).json()).base;

/** Our script, from the product's origin (another origin than this page, as on a partner's site). */
export const loadWidgets = () =>
  import(/* @vite-ignore */ `${product}/widgets/kasuwa-widgets.js`) as Promise<
    typeof import('../../widgets/loader.js')
  >;

const fixtures: HTMLElement[] = [];
afterEach(() => {
  for (const container of fixtures.splice(0)) container.remove();
});

/** A container holding `html` on the page for this test only. */
export function place(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  fixtures.push(container);
  return container;
}

/**
 * Focuses the field and types into it key by key, as a reader does. WebKitWebDriver under load may drop
 * a key, even in a plain React field, so a field left holding other than `text` is cleared and typed
 * again, once, with a warning in the run's log; twice is a failure.
 */
export async function typeInto(field: HTMLInputElement, text: string) {
  field.focus();
  await typeKeys(text);
  if (field.value === text) return;
  console.warn(`[journey] the engine's keys left "${field.value}" for "${text}"; typing it again`);
  type(field, '');
  await typeKeys(text);
  if (field.value !== text) throw new Error(`Typed "${text}" twice; the field holds "${field.value}"`);
}

/**
 * An address no other run used (each engine signs up against the same product), with no letter twice
 * in a row: WebKitWebDriver drops the second of two equal keys typed one after the other.
 */
export const freshAddress = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`.replace(/(.)\1+/g, '$1') +
  '@example.com';

type StoredSignup = { email: string; partner: string | null; source: string | null };

/** Waits until the product has stored a signup for `email`, and returns it. */
export const storedSignup = (email: string) =>
  until(
    async () =>
      (await (await fetch(`/__stored-signup?email=${encodeURIComponent(email)}`)).json()) as StoredSignup | null,
    `the product to store ${email}`,
    10_000,
  );
