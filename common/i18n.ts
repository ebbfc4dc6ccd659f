/**
 * The five languages (docs/languages.md), which one a tag asks for, and a small reader of Lingui's
 * compiled messages: the widgets read common/locales/widgets.*.ts with formatMessage, a few hundred
 * bytes instead of Lingui's 2.2 KB runtime; the server uses @lingui/core (common/lingui.ts).
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
 * A message as Lingui compiles it: text, `[name]` for a value, `[name, 'plural' | 'selectordinal' |
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

/** Numbers in messages as in en-NG (12,500) whatever the language (docs/languages.md). */
const formatNumber = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const pluralRules: Record<string, Intl.PluralRules> = {};
function pluralCategory(locale: string, value: number): string {
  try {
    pluralRules[locale] ??= new Intl.PluralRules(locale);
    return pluralRules[locale].select(value);
  } catch {
    return 'other';
  }
}

/**
 * A compiled message with its values: `=N` branches first, then the language's plural category, then
 * `other` (a browser whose plural rules lack the language may answer a category the message has no
 * branch for); `select` by value. No ordinals or offsets: no message of ours needs them. A missing
 * message renders as its id, so a gap shows rather than breaks.
 */
export function formatMessage(
  locale: string,
  message: CompiledMessage | undefined,
  values: MessageValues = {},
  id = '',
): string {
  const render = (parts: CompiledMessage, count?: number): string =>
    typeof parts === 'string'
      ? parts
      : parts
          .map((token) => {
            if (typeof token === 'string') return token === '#' && count !== undefined ? formatNumber(count) : token;
            const [name, kind, branches] = token;
            const value = values[name];
            if (!branches) return typeof value === 'number' ? formatNumber(value) : String(value ?? '');
            const number = Number(value);
            const branch =
              kind === 'select'
                ? branches[String(value)]
                : (branches[`=${number}`] ?? branches[pluralCategory(locale, number)]);
            return render((branch ?? branches.other ?? '') as CompiledMessage, number);
          })
          .join('');
  return message === undefined ? id : render(message);
}
