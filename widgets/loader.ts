/**
 * kasuwa-widgets.js: the small script a page includes. A tag's code (a chunk) is imported only when
 * one of its elements comes near the viewport, on the visitor's first interaction, or when the
 * browser is idle, whichever is first; elements a CMS inserts later are picked up too.
 * It also opens the start-selling modal from any [data-start-selling] element, gives tags that are not
 * defined yet their reserved size, and exports what a page or framework may call at any time.
 */
import { reservedSizesCss } from './host-sizes.js';
import { installStartSellingDelegation, openStartSellingModal } from './shared/start-selling-delegation.js';

const widgets: Record<string, () => Promise<unknown>> = {
  'start-selling-form': () => import('./start-selling-form/start-selling-form.define.js'),
  'start-selling-modal': () => import('./start-selling-modal/start-selling-modal.define.js'),
  'store-rank-checker': () => import('./store-rank-checker/store-rank-checker.define.js'),
  'pricing-plans': () => import('./pricing-plans/pricing-plans.define.js'),
};

// The big shared libraries, each evaluated in its own task before the widget code: splitting one long
// task into several keeps the page responsive to taps while the widgets start (and keeps TBT low).
const react = () => import('./shared/runtime-react.js');
const apollo = () => import('./shared/runtime-apollo.js');
const runtimesOf: Record<string, (() => Promise<unknown>)[]> = {
  'start-selling-form': [react, apollo],
  'start-selling-modal': [react, apollo],
  'store-rank-checker': [react, apollo],
  'pricing-plans': [react],
};
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const runtimeLoads = new Map<() => Promise<unknown>, Promise<unknown>>();
async function runtimesFor(tag: string): Promise<void> {
  for (const runtime of runtimesOf[tag] ?? []) {
    let loading = runtimeLoads.get(runtime);
    if (!loading) {
      loading = runtime().then(nextTask);
      runtimeLoads.set(runtime, loading);
    }
    await loading;
  }
}
const tags = Object.keys(widgets);
const selector = tags.join(',');

const globalState = globalThis as typeof globalThis & { __kasuwaWidgets?: boolean };

const requested = new Set<string>();
function load(tag: string): Promise<unknown> {
  const importer = widgets[tag];
  if (!importer || requested.has(tag) || customElements.get(tag)) return customElements.whenDefined(tag);
  requested.add(tag);
  return runtimesFor(tag)
    .then(importer)
    .catch((error) => {
      requested.delete(tag);
      console.error(`[kasuwa-widgets] could not load <${tag}>`, error);
    });
}

/** Loads `tag` now (not when it nears the viewport) and resolves once it is defined. */
export function ready(tag: string): Promise<CustomElementConstructor> {
  void load(tag);
  return customElements.whenDefined(tag);
}

/** Opens the page's start-selling modal (creating one if needed) as soon as its code is there. */
export function openStartSelling(opener?: HTMLElement | null): Promise<void> {
  return openStartSellingModal(opener ?? null, () => load('start-selling-modal'));
}

/**
 * Tags not defined yet get the size the widget will take (widgets/host-sizes.ts), so a page with only
 * the script tag does not shift when the widgets appear (CLS 0). A constructable sheet, which a strict
 * CSP allows (an inline style would not).
 */
function reserveSizes() {
  // Browsers without constructable stylesheets cannot run the widgets either; the fallback content stays.
  if (!('adoptedStyleSheets' in Document.prototype)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(reservedSizesCss());
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function start() {
  // Near the viewport: 200px ahead so the widget is ready before it scrolls in.
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        void load(entry.target.localName);
      }
    },
    { rootMargin: '200px' },
  );
  const seen = new WeakSet<Element>();
  const scan = (root: ParentNode) => {
    for (const element of root.querySelectorAll(selector)) {
      if (seen.has(element)) continue;
      seen.add(element);
      if (idleDone) void load(element.localName);
      else near.observe(element);
    }
  };
  // On first interaction or when idle: everything on the page, so the first click is never lost.
  let idleDone = false;
  const loadAll = () => {
    if (idleDone) return;
    idleDone = true;
    for (const tag of tags) if (document.querySelector(tag)) void load(tag);
  };
  for (const type of ['pointerdown', 'keydown', 'focusin', 'touchstart']) {
    addEventListener(type, loadAll, { once: true, passive: true, capture: true });
  }
  if ('requestIdleCallback' in window) requestIdleCallback(loadAll, { timeout: 4000 });
  else setTimeout(loadAll, 2000);

  scan(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(selector) && !seen.has(node)) {
          seen.add(node);
          if (idleDone) void load(node.localName);
          else near.observe(node);
        }
        if (node.firstElementChild) scan(node);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

// A second copy of the script (or of the IIFE bundle) on the page does nothing.
if (!globalState.__kasuwaWidgets) {
  globalState.__kasuwaWidgets = true;
  reserveSizes();
  installStartSellingDelegation(() => load('start-selling-modal'));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
