/**
 * kasuwa-widgets.js, the small script a page includes: imports a tag's code (and its language chunks)
 * only when an element of it is within a screen of the viewport once the page has painted, focus or a tap
 * lands in its fallback, or a script asks (`ready()`, the modal's `show()`), never on idle (docs/embedding.md).
 * It also opens the modal from [data-start-selling], reserves undefined tags' size, exports the page API.
 */
import { firstContentfulPaint } from '../common/after-first-paint.js';
import { reservedSizesCss, type WidgetTag } from './host-sizes.js';
import { isWidgetTag, registry } from './registry.js';
import { adoptStyles, hasOwn, requestSubmit, widgetsCanRun } from './shared/compat.js';
import { languageTagOf } from './shared/language.js';
import { installStartSellingDelegation, openStartSellingModal } from './shared/start-selling-delegation.js';
import { tagFiles } from './tag-files.js';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const runtimeLoads = new Map<() => Promise<unknown>, Promise<unknown>>();
/** The shared runtimes a tag needs, each evaluated in its own task, once per page. */
async function runtimesFor(tag: WidgetTag): Promise<void> {
  for (const runtime of registry[tag].runtimes) {
    let loading = runtimeLoads.get(runtime);
    if (!loading) {
      loading = runtime().then(nextTask);
      runtimeLoads.set(runtime, loading);
    }
    await loading;
  }
}
const tags = Object.keys(registry);
const selector = tags.join(',');
const MODAL = 'start-selling-modal';

const globalState = globalThis as typeof globalThis & { __kasuwaWidgets?: boolean };

/**
 * The language chunk of each of `tag`'s elements not in English, fetched beside the tag's code: the
 * first render waits for it (shared/i18n.ts), and the widget's own import of it is then answered at once.
 */
function fetchLanguages(tag: string) {
  for (const element of document.querySelectorAll(tag)) {
    // `ha-NG` → `ha`, as common/i18n.ts resolves it; English needs no chunk, nor a language we lack.
    const language = (languageTagOf(element) ?? '').trim().toLowerCase().split(/[-_]/)[0];
    if (!language || language === 'en') continue;
    // The list of language chunks is a chunk of its own, so an English page loads none of it. A chunk
    // that fails (offline) is the widget's to answer, in English.
    import('./shared/catalog-loaders.js')
      .then(({ loaders }): unknown => hasOwn(loaders, language) && loaders[language as keyof typeof loaders]())
      .catch(() => undefined);
  }
}

const preloaded = new Set<string>();
/**
 * Every file of `tag`'s code asked for at once (`modulepreload`: fetched and compiled, not run), where
 * each import would otherwise find the next level one round trip later: five levels, 1.1 s each on a
 * cheap phone's network (docs/benchmarks.md). Each runtime is still evaluated in its own task.
 */
function preloadFiles(tag: WidgetTag) {
  for (const file of tagFiles[tag] ?? []) {
    const href = new URL(file, import.meta.url).href;
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

const requested = new Set<string>();
function load(tag: string): Promise<unknown> {
  if (!isWidgetTag(tag) || requested.has(tag) || customElements.get(tag)) return customElements.whenDefined(tag);
  requested.add(tag);
  preloadFiles(tag);
  fetchLanguages(tag);
  return runtimesFor(tag)
    .then(registry[tag].define)
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
  return openStartSellingModal(opener ?? null, () => load(MODAL));
}

/**
 * Tags not defined yet get the size the widget will take (widgets/host-sizes.ts), so a page with only
 * the script tag does not shift when the widgets appear (CLS 0).
 */
const reserveSizes = () => adoptStyles(document, reservedSizesCss());

type ModalElement = HTMLElement & {
  show?(opener?: HTMLElement | null): Promise<void>;
  hide?(): Promise<void>;
  close?(): void;
};

/**
 * A modal whose code has not come yet still answers show(), hide() and close(): show() loads the code,
 * then opens it and settles once it is open (without an opener, focus returns to what has focus when
 * it opens). Own properties, removed once the tag is defined, when the element's own methods take over.
 */
function answerForModal(modal: ModalElement) {
  if (customElements.get(MODAL) || hasOwn(modal, 'show')) return;
  let wanted = false;
  const defined = customElements.whenDefined(MODAL).then(() => {
    delete modal.show;
    delete modal.hide;
    delete modal.close;
  });
  modal.show = async (opener) => {
    wanted = true;
    void load(MODAL);
    await defined;
    if (wanted) await modal.show?.(opener);
  };
  modal.hide = async () => {
    wanted = false;
  };
  modal.close = () => {
    wanted = false;
  };
}

/** How long a fallback form's submit waits for its widget's code before it goes the no-JS way. */
const FALLBACK_SUBMIT_WAIT_MS = 3000;

/**
 * A fallback form submitted while its widget's code is on its way (a reader quicker than the network):
 * the submit waits for the widget, which then sends it with what was typed (carried over); if the code
 * does not come in time, the form is posted as without JavaScript. Nothing is sent twice.
 */
function holdFallbackSubmit(event: Event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const host = form.closest(selector);
  if (!host || customElements.get(host.localName) || !requested.has(host.localName)) return;
  event.preventDefault();
  const deadline = performance.now() + FALLBACK_SUBMIT_WAIT_MS;
  const send = () => {
    const widgetForm = customElements.get(host.localName) ? host.shadowRoot?.querySelector('form') : null;
    if (widgetForm) requestSubmit(widgetForm);
    else if (performance.now() < deadline) setTimeout(send, 50);
    else form.submit();
  };
  send();
}

function start() {
  // A widget near the viewport is fetched once the page has painted, so its files and their evaluation
  // are never in the way of the page's own first paint (at once where the loader comes after it).
  const painted = firstContentfulPaint();
  // Within a screen of the viewport (the root margin is the viewport's height), so the widget is
  // ready before it scrolls in, and a widget far down a long post costs nothing until then.
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        void painted.then(() => load(entry.target.localName));
      }
    },
    { rootMargin: '100% 0px' },
  );
  const seen = new WeakSet<Element>();
  const watch = (element: Element) => {
    if (seen.has(element)) return;
    seen.add(element);
    // A modal written with the open attribute is wanted now: its code loads at once.
    if (element.localName === MODAL) {
      answerForModal(element as ModalElement);
      if (element.hasAttribute('open')) void load(MODAL);
    } else near.observe(element);
  };
  const scan = (root: ParentNode) => {
    for (const element of root.querySelectorAll(selector)) watch(element);
  };
  // Focus or a tap in a fallback form (a script may have scrolled it into view without our observer
  // firing yet) loads its widget; a press on a start-selling button loads the modal before its click.
  const intent = (event: Event) => {
    for (const node of event.composedPath()) {
      if (!(node instanceof Element)) continue;
      if (node.hasAttribute('data-start-selling')) void load(MODAL);
      else if (node.matches(selector)) void load(node.localName);
    }
  };
  for (const type of ['focusin', 'pointerdown']) addEventListener(type, intent, { capture: true, passive: true });
  addEventListener('submit', holdFallbackSubmit, { capture: true });

  scan(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(selector)) watch(node);
        if (node.firstElementChild) scan(node);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

// A second copy of the script (or of the IIFE bundle) on the page does nothing; nor does a browser
// that lacks what the widgets need (its readers keep the fallback forms).
if (!globalState.__kasuwaWidgets && widgetsCanRun()) {
  globalState.__kasuwaWidgets = true;
  reserveSizes();
  installStartSellingDelegation(() => load(MODAL));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
