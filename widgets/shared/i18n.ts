/**
 * A widget's language (docs/languages.md#widgets): its own `lang`, else the nearest ancestor's, else
 * `<html lang>`, else English; live, as the page changes any `lang`. English is in each message (the
 * build puts the compiled English beside its id); each other language is a chunk (catalog-loaders.ts),
 * imported the first time a widget shows it. The first render waits for it (languageArrival).
 */
import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from 'react';
import type { formatMessage } from '../../common/format-message.js';
import {
  type Catalog,
  type CompiledMessage,
  type DisplayLocale,
  type Message,
  type MessageValues,
  resolveDisplayLocale,
} from '../../common/i18n.js';
import { languageTagOf } from './language.js';

/** After the build: `{ id, m }`, m the English compiled (scripts/lingui-macro.mjs). */
type BuiltMessage = Message & { m?: CompiledMessage };
export type WidgetI18n = {
  locale: DisplayLocale;
  t: (message: BuiltMessage, values?: MessageValues) => string;
  catalog: Catalog;
};

const english: Catalog = {};
const catalogs: Partial<Record<DisplayLocale, Catalog>> = { en: english };
const loading: Partial<Record<DisplayLocale, Promise<void>>> = {};

function loadCatalog(locale: DisplayLocale): Promise<void> {
  if (locale === 'en' || catalogs[locale]) return Promise.resolve();
  // The list of chunks is a chunk too: a page in English never loads it (docs/languages.md#widgets).
  loading[locale] ??= import('./catalog-loaders.js')
    .then(({ loaders }) => loaders[locale]())
    .then(
      (module) => {
        catalogs[locale] = module.messages;
      },
      // Offline: English meanwhile; a later change asks again (a browser may keep the failure until reload).
      () => {
        loading[locale] = undefined;
      },
    );
  return loading[locale] ?? Promise.resolve();
}

/**
 * The reader of messages with values (common/format-message.ts), handed over by message-values.ts,
 * which the widgets whose messages have values import, and by api.ts with the API client's refusals.
 * A message without values compiles to its text: the signup form's are all such, so a page with only
 * the form does not load the reader before interaction.
 */
let withValues: typeof formatMessage | undefined;
export const readMessagesWithValues = (reader: typeof formatMessage) => {
  withValues = reader;
};

const i18nOf = (locale: DisplayLocale): WidgetI18n => {
  const catalog = catalogs[locale] ?? english;
  return {
    locale,
    catalog,
    t: (message, values) => {
      const compiled = catalog[message.id] ?? message.m;
      if (typeof compiled === 'string') return compiled;
      // A missing message shows its id, so a gap shows rather than breaks.
      return compiled && withValues ? withValues(locale, compiled, values, message.id) : message.id;
    },
  };
};

const I18nContext = createContext<WidgetI18n>(i18nOf('en'));
/** The widget's language and its `t(message, values)`. */
export const useI18n = () => useContext(I18nContext);

/** The language an element asks for (language.ts), one we have or English. */
export const languageOf = (host: Element): DisplayLocale => resolveDisplayLocale(languageTagOf(host));

/**
 * What a widget's first render waits for (define.ts), the fallback on screen meanwhile: nothing when its
 * language can be shown now (English, or its chunk is here); else its chunk having come (the loader
 * fetched it beside the widget's code) or failed (offline: English).
 */
export function languageArrival(host: Element): Promise<void> | undefined {
  const locale = languageOf(host);
  return locale === 'en' || catalogs[locale] ? undefined : loadCatalog(locale);
}

const listeners = new Set<() => void>();
let observer: MutationObserver | undefined;
/** Calls `listener` whenever any `lang` attribute of the page changes (one observer for every widget). */
function onLanguageChange(listener: () => void): () => void {
  if (!observer) {
    observer = new MutationObserver(() => {
      for (const notify of listeners) notify();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Gives its children the host's language, re-rendering them (not re-mounting: what the reader typed
 * stays) when it changes; until a new language's chunk has arrived the previous one stays on screen.
 */
export function LanguageProvider({ host, children }: { host: Element | null; children?: ReactNode }) {
  const [i18n, setI18n] = useState(() => i18nOf(host ? languageOf(host) : 'en'));
  useEffect(() => {
    if (!host) return;
    let current: DisplayLocale | undefined;
    const update = () => {
      const wanted = languageOf(host);
      current = wanted;
      void loadCatalog(wanted).then(() => {
        if (current !== wanted) return;
        setI18n((shown) => (shown.locale === wanted && shown.catalog === catalogs[wanted] ? shown : i18nOf(wanted)));
      });
    };
    update();
    return onLanguageChange(update);
  }, [host]);
  return createElement(I18nContext.Provider, { value: i18n }, children);
}
