/**
 * What the reader did in a tag's light-DOM fallback form before the widget took over (docs/embedding.md):
 * the text typed into its named fields, and which field had focus with its caret. Read once, when the
 * element upgrades (define.ts), just before its shadow root hides the fallback; the widget's form
 * starts from it, so nothing typed is lost and the caret stays where the reader left it.
 */
export type CarriedOver = {
  values: Record<string, string>;
  /** The focused field's name, or null for another control of the fallback (its button). */
  focus?: { name: string | null; start: number | null; end: number | null };
};

const carried = new WeakMap<Element, CarriedOver>();
const EMPTY: CarriedOver = { values: {} };

/** Reads the fallback once per element; true when the reader has typed into it or is in it. */
export function captureFallback(host: HTMLElement): boolean {
  if (carried.has(host)) return false;
  const values: Record<string, string> = {};
  for (const input of host.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (input.type !== 'hidden' && input.value) values[input.name] = input.value;
  }
  const active = document.activeElement;
  let focus: CarriedOver['focus'];
  if (active instanceof HTMLInputElement && active.name && host.contains(active))
    focus = { name: active.name, start: active.selectionStart, end: active.selectionEnd };
  else if (active && active !== host && host.contains(active)) focus = { name: null, start: null, end: null };
  carried.set(host, { values, focus });
  return Boolean(focus) || Object.keys(values).length > 0;
}

/** What the element's fallback held when it upgraded (nothing for an element made empty). */
export const carriedOver = (host: Element | null): CarriedOver => (host && carried.get(host)) || EMPTY;
