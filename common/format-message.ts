/**
 * A small reader of Lingui's compiled messages with values, for the widgets (docs/languages.md#size):
 * a message without values compiles to its text and needs none of this, so only the widgets whose
 * messages have values load it (widgets/shared/message-values.ts), and the API client for its refusals.
 */
import type { CompiledMessage, MessageValues } from './i18n.js';

/** Numbers in messages as in en-NG (12,500) whatever the language (docs/languages.md). */
export const formatNumber = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
