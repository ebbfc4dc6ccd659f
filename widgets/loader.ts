/**
 * kasuwa-widgets.js, the small script a page includes: imports a tag's code (and its language chunks)
 * only when an element of it is within a screen of the viewport once the page has painted, focus or a tap
 * lands in its fallback, or a script asks (`ready()`, the modal's `show()`), never on idle (docs/embedding.md).
 * It also opens the modal from [data-start-selling], reserves undefined tags' size, exports the page API.
 */
import { firstContentfulPaint } from '../common/after-first-paint.js';
import { isWidgetTag, registry, reservedSizesCss, type WidgetTag } from './registry.js';
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

/** How long a tag's code may take before what waits for it (ready(), show()) is told it failed. */
const LOAD_DEADLINE_MS = 10_000;
const loads = new Map<string, Promise<void>>();
/** Tags whose last load failed: a [data-start-selling] link then navigates rather than wait. */
const failed = new Set<string>();

/**
 * Loads `tag`'s code once; settles when it is defined, or rejects when it fails or takes longer than
 * LOAD_DEADLINE_MS, with `kasuwa-widgets-error` on document ({ tag, reason }). A later call waits again:
 * code that was only slow may still come; a file that failed stays failed until the page is reloaded.
 */
function load(tag: string): Promise<void> {
  if (!isWidgetTag(tag)) return Promise.reject(new Error(`<${tag}> is not a Kasuwa widget`));
  if (customElements.get(tag)) return Promise.resolve();
  let loading = loads.get(tag);
  if (loading) return loading;
  preloadFiles(tag);
  fetchLanguages(tag);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), LOAD_DEADLINE_MS);
  });
  loading = Promise.race([runtimesFor(tag).then(registry[tag].define), late]).then(
    () => {
      clearTimeout(timer);
      failed.delete(tag);
    },
    (error: unknown) => {
      clearTimeout(timer);
      loads.delete(tag);
      failed.add(tag);
      const reason = String((error as Error)?.message ?? error);
      console.error(`[kasuwa-widgets] <${tag}>: ${reason}`);
      document.dispatchEvent(new CustomEvent('kasuwa-widgets-error', { detail: { tag, reason } }));
      throw error;
    },
  );
  loads.set(tag, loading);
  return loading;
}

/** Starts loading `tag` for a reader who may need it soon; a failure is reported by load(). */
const want = (tag: string) => {
  load(tag).catch(() => undefined);
};

/** Loads `tag` now (not when it nears the viewport); resolves once it is defined, rejects as load() does. */
export async function ready(tag: string): Promise<CustomElementConstructor> {
  await load(tag);
  return customElements.whenDefined(tag);
}

/** Opens the page's start-selling modal (creating one if needed) as soon as its code is there. */
export function openStartSelling(opener?: HTMLElement | null): Promise<void> {
  return openStartSellingModal(opener ?? null, () => load(MODAL));
}

/**
 * Tags not defined yet get the size the widget will take (each tag's `element.hostSize`, widgets/registry.ts), so a page with only
 * the script tag does not shift when the widgets appear (CLS 0).
 */
const reserveSizes = () => adoptStyles(document, reservedSizesCss());

type ModalElement = HTMLElement & {
  open?: boolean;
  show?(opener?: HTMLElement | null): Promise<void>;
  hide?(): Promise<void>;
  close?(): void;
};

/**
 * A modal whose code has not come yet still answers show(), hide(), close() and `open`: show() or
 * `open = true` loads the code, then opens it (show() settles once it is open; without an opener, focus
 * returns to what has focus when it opens). Own properties, removed once the tag is defined, when the
 * element's own members take over with the last `open` asked for.
 */
function answerForModal(modal: ModalElement) {
  if (customElements.get(MODAL) || hasOwn(modal, 'show')) return;
  let wanted = false;
  // Set by a page script that ran before us, taken over. Until the tag is defined (its upgrade's
  // attribute callback included), `open` is what was asked for; then the element's own takes it.
  let openAskedFor = Boolean(modal.open);
  delete modal.open;
  Object.defineProperty(modal, 'open', {
    configurable: true,
    get: () => openAskedFor,
    set: (value: unknown) => {
      openAskedFor = Boolean(value);
      if (openAskedFor) want(MODAL);
    },
  });
  if (openAskedFor) want(MODAL);
  const defined = customElements.whenDefined(MODAL).then(() => {
    delete modal.show;
    delete modal.hide;
    delete modal.close;
    delete modal.open;
    modal.open = openAskedFor;
  });
  modal.show = async (opener) => {
    wanted = true;
    await load(MODAL);
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
  if (!host || customElements.get(host.localName) || !loads.has(host.localName)) return;
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
        void painted.then(() => want(entry.target.localName));
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
      if (element.hasAttribute('open')) want(MODAL);
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
      if (node.hasAttribute('data-start-selling')) want(MODAL);
      else if (node.matches(selector)) want(node.localName);
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
  installStartSellingDelegation({
    load: () => load(MODAL),
    failed: () => failed.has(MODAL),
    // The no-JavaScript signup form, on the origin the widgets come from.
    signupPage: new URL('/#signup', import.meta.url).href,
  });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
