/**
 * @kasuwa/widgets: adds the widgets script from Kasuwa's origin to the page (the widgets themselves
 * always come from there, so partners get fixes without a release) and forwards to what it exports.
 * Its types are generated from the tags' metadata (scripts/widget-declarations.ts, packageDeclarations).
 */
import { WIDGETS_LOADER_PATH } from '../../../common/widgets-loader.js';

/** What the loader script exports (widgets/loader.ts). */
type LoaderExports = {
  ready(tag: string): Promise<CustomElementConstructor>;
  openStartSelling(opener?: HTMLElement | null): Promise<void>;
};

let loading: { origin: string; exports: Promise<LoaderExports>; done: Promise<void> } | undefined;

function originOf(raw: unknown): string {
  let url: URL | undefined;
  try {
    url = new URL(String(raw));
  } catch {
    // Not a URL at all: said below.
  }
  const bare = url && /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash;
  if (!url || !bare || url.username || url.password) {
    throw new Error(
      `loadKasuwaWidgets: origin ${JSON.stringify(raw)} is not an http(s) origin: expected one like "https://kasuwa.shop", with no path.`,
    );
  }
  return url.origin;
}

export function loadKasuwaWidgets(options: { origin: string }): Promise<void> {
  let origin: string;
  try {
    if (typeof document === 'undefined')
      throw new Error(
        'loadKasuwaWidgets needs a browser: call it from an effect or a click, not while rendering on a server.',
      );
    origin = originOf(options?.origin);
  } catch (error) {
    return Promise.reject(error);
  }
  if (loading) {
    if (loading.origin === origin) return loading.done;
    return Promise.reject(
      new Error(
        `loadKasuwaWidgets: the widgets are already loaded from ${loading.origin}; a page runs one copy, so ${origin} is refused.`,
      ),
    );
  }
  const src = `${origin}${WIDGETS_LOADER_PATH}`;
  // The script element is what a page without npm writes; one already on the page is the same module.
  if (![...document.scripts].some((script) => script.src === src)) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  }
  // The same URL is one module in the page: this import hands us its exports, loaded once.
  const exports = import(/* @vite-ignore */ /* webpackIgnore: true */ src) as Promise<LoaderExports>;
  const done = exports.then(
    () => undefined,
    (error: unknown) => {
      loading = undefined;
      throw new Error(`loadKasuwaWidgets: could not load ${src} (${String(error)}); the fallback content stays.`);
    },
  );
  loading = { origin, exports, done };
  return done;
}

export function ready(tag: string): Promise<CustomElementConstructor> {
  if (typeof customElements === 'undefined') return Promise.reject(new Error('ready() needs a browser.'));
  // Before loadKasuwaWidgets (a page that adds the script itself): wait for the tag without loading it.
  const current = loading;
  if (!current) return customElements.whenDefined(tag);
  return current.done.then(() => current.exports).then((loader) => loader.ready(tag));
}

export function openStartSelling(opener?: HTMLElement | null): Promise<void> {
  const current = loading;
  if (!current) return Promise.reject(new Error('openStartSelling: call loadKasuwaWidgets({ origin }) first.'));
  return current.done.then(() => current.exports).then((loader) => loader.openStartSelling(opener));
}
