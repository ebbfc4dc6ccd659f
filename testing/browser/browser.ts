/// <reference types="mocha" />
/**
 * Helpers for the browser tests (widgets/**\/*.browser.ts), which run the built bundle in Chromium.
 * Each test mounts what it needs in its own fixture container, removed after the test, and waits for
 * the state that proves its point (never a fixed sleep).
 */
import type { HostSize } from '../../widgets/shared/tag.js';
import type { GraphqlRequest } from './fake-graphql.js';
import { accessibleName, describeQuery, queryAllByRole, type RoleQuery, until } from './queries.js';

export { type } from './commands.js';
export * from './queries.js';

const fixtures: HTMLElement[] = [];

afterEach(async function () {
  // A failed assertion about an element carries the element as `actual`: the runner cannot send that
  // to the terminal (structuredClone throws) and waits for the file until its time-out, so the
  // failure would show as a hang. Its markup reads as well.
  const failure = this.currentTest?.err as Record<string, unknown> | undefined;
  for (const key of ['actual', 'expected']) {
    const value = failure?.[key];
    if (failure && value instanceof Node) failure[key] = value instanceof Element ? value.outerHTML : value.textContent;
  }
  for (const container of fixtures.splice(0)) container.remove();
  // An answer a failed test left held would otherwise wait forever.
  await releaseHeld();
  await releaseChunks();
});

/** A container holding `html`, appended to the page for this test only. */
export function fixture(html: string): HTMLElement {
  const container = document.createElement('div');
  container.dataset.fixture = '';
  container.innerHTML = html;
  document.body.append(container);
  fixtures.push(container);
  return container;
}

/** The px a host size reserves for `element` (em in its font size); 0 for a tag that takes no room. */
export function reservedHeight(size: HostSize, element: Element): number {
  if (size.display !== 'block') return 0;
  const em = size.minHeight.endsWith('em') ? Number.parseFloat(getComputedStyle(element).fontSize) : 1;
  return Number.parseFloat(size.minHeight) * em;
}

/**
 * The first match of `selector` in `root`, or a failure naming it. For structure only (a host tag, a
 * part=""): what a reader perceives is found by role, label or text (queries.ts).
 */
export function find<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

export const findAll = <T extends Element = HTMLElement>(root: ParentNode, selector: string): T[] => [
  ...root.querySelectorAll<T>(selector),
];

/** The options every widget element takes as properties (each tag's `options`, widgets/<tag>/<tag>.tag.ts). */
export type WidgetElement = HTMLElement & { apiUrl?: string; partner?: string; period?: string; label?: string };

/**
 * Mounts `html` in a fixture, waits until `tag` is defined and its shadow root shows `rendered`: an
 * element of that role (and name), or one matching a selector.
 */
export async function mount<E extends HTMLElement = WidgetElement>(
  html: string,
  tag: string,
  rendered: RoleQuery | string,
) {
  const container = fixture(html);
  const element = find<E>(container, tag);
  await until(() => customElements.get(tag), `<${tag}> defined (page ${document.visibilityState})`, 8000);
  const shows = (root: ShadowRoot) =>
    typeof rendered === 'string'
      ? root.querySelector(rendered)
      : queryAllByRole(root, rendered.role, rendered).length > 0;
  const what = typeof rendered === 'string' ? rendered : describeQuery(rendered.role, rendered);
  const root = await until(
    () => element.shadowRoot && shows(element.shadowRoot) && element.shadowRoot,
    `<${tag}> showing ${what}`,
  );
  // Shown is not yet listening: react-final-form registers its fields in an effect, and WebKit ran a
  // test's focus and blur before it (the blur was lost). A reader cannot act that fast: wait a frame and
  // a task (not an idle moment, which a busy runner may not give for seconds).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { container, element, root };
}

/** The message tied to a field by aria-describedby. */
export const messageOf = (root: ShadowRoot, input: HTMLElement) =>
  root.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

/** The element describing `control` (its aria-describedby), or a failure. */
export function descriptionOf(control: Element): HTMLElement {
  const id = control.getAttribute('aria-describedby') ?? '';
  const found = (control.getRootNode() as Document | ShadowRoot).getElementById(id);
  if (!found) throw new Error(`nothing describes ${control.localName} ${JSON.stringify(accessibleName(control))}`);
  return found;
}

/** The requests the fake /graphql received since the last call. */
export const takeRequests = async (): Promise<GraphqlRequest[]> => (await fetch('/__requests')).json();

/** Has the fake /graphql answer requests by hash alone PersistedQueryNotFound (`on`), or know the hashes again. */
export const forgetDocuments = async (on: boolean): Promise<void> => {
  await fetch(`/__forget-documents?on=${on ? 1 : 0}`);
};

/** The widget chunks the page asked the server for since the last call, without their hash. */
export async function chunksRequested(): Promise<string[]> {
  const names = (await (await fetch('/__chunks')).json()) as string[];
  return names.map((name) => name.replace(/-[A-Z0-9]+\.js$/, ''));
}

/** Lets the fake answer the requests it holds (`held-store`, `held…@` addresses). */
export async function releaseHeld(): Promise<number> {
  return ((await (await fetch('/__release')).json()) as { released: number }).released;
}

/** Holds the server's answer to every widget chunk whose name starts with `prefix`, until released. */
export const holdChunks = async (prefix: string) => {
  await fetch(`/__hold-chunks?prefix=${encodeURIComponent(prefix)}`);
};

/** Fails every widget chunk whose name starts with `prefix` (503, as offline), until releaseChunks(). */
export const failChunks = async (prefix: string) => {
  await fetch(`/__fail-chunks?prefix=${encodeURIComponent(prefix)}`);
};

/** Answers the held chunk requests (and stops failing any); resolves with how many were held. */
export async function releaseChunks(): Promise<number> {
  return ((await (await fetch('/__release-chunks')).json()) as { released: number }).released;
}

/** Resolves with the first of `names` the element fires. */
export const nextEvent = (element: HTMLElement, names: string[]) =>
  new Promise<CustomEvent>((resolve) => {
    for (const name of names) element.addEventListener(name, (event) => resolve(event as CustomEvent), { once: true });
  });

/** Loads a script (the IIFE bundle) and resolves once it ran. */
export const loadScript = (src: string) =>
  new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });

/** The built loader, imported as a partner page does (typed by its source); `query` makes a second copy. */
export const importLoader = (query = '') =>
  import(`/dist/widgets/kasuwa-widgets.js${query}`) as Promise<typeof import('../../widgets/loader.js')>;
