/**
 * The five languages (docs/languages.md), which one a tag asks for, and the shape of Lingui's compiled
 * messages: the widgets read common/locales/widgets.*.ts with format-message.ts, a few hundred bytes
 * where Lingui's runtime is kilobytes; the server uses @lingui/core (common/lingui.ts).
 */

export const LOCALES = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';
/**
 * Every message lengthened by 40% with accented letters, to see what overflows (docs/languages.md,
 * "Pseudo-locale"). Not a public language: resolveLocale never returns it, resolveDisplayLocale does.
 */
export const PSEUDO_LOCALE = 'pseudo';
export type DisplayLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language's name in itself, for a language menu. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  pcm: 'Naijá',
  ha: 'Hausa',
  yo: 'Yorùbá',
  ig: 'Igbo',
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).indexOf(value) >= 0;

/** `ha-NG`, `HA` → `ha`; an unknown, empty or missing tag → English. */
export function resolveLocale(tag: string | null | undefined): Locale {
  const language = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : SOURCE_LOCALE;
}

/** resolveLocale, and the pseudo-locale when asked for by name. */
export const resolveDisplayLocale = (tag: string | null | undefined): DisplayLocale =>
  (tag ?? '').trim().toLowerCase() === PSEUDO_LOCALE ? PSEUDO_LOCALE : resolveLocale(tag);

/**
 * A message as Lingui compiles it (read by format-message.ts): text, `[name]` for a value, `[name, 'plural' | 'selectordinal' |
 * 'select', branches]` for a choice (`#` in a plural branch is the number).
 */
export type CompiledMessage = string | CompiledToken[];
type CompiledToken = string | [string] | [string, string, Record<string, CompiledMessage | number>?];
export type Catalog = Record<string, CompiledMessage>;
export type MessageValues = Record<string, string | number>;
/** A message as code holds it once Lingui's macro has run: its id (`msg({ id, message })`). */
export type Message = { id: string };
/** Renders a message in one language: Lingui's `i18n._` on the server, the widgets' own in the browser. */
export type Translate = (message: Message, values?: MessageValues) => string;
