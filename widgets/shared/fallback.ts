/**
 * What the reader did in a tag's light-DOM fallback form before the widget took over (docs/embedding.md):
 * the text typed into its named fields, and which field had focus with its caret. Read once, by the
 * widget's first render, in the task that also commits it (hiding the fallback) and runs its effects
 * (define.ts), so nothing typed between the upgrade and that render is lost.
 */
export type CarriedOver = {
  values: Record<string, string>;
  /** The focused field's name, or null for another control of the fallback (its button). */
  focus?: { name: string | null; start: number | null; end: number | null };
};

const carried = new WeakMap<Element, CarriedOver>();
const EMPTY: CarriedOver = { values: {} };

function readFallback(host: Element): CarriedOver {
  const values: Record<string, string> = {};
  for (const input of host.querySelectorAll<HTMLInputElement>('input[name]')) {
    if (input.type !== 'hidden' && input.value) values[input.name] = input.value;
  }
  const active = document.activeElement;
  let focus: CarriedOver['focus'];
  if (active instanceof HTMLInputElement && active.name && host.contains(active))
    focus = { name: active.name, start: active.selectionStart, end: active.selectionEnd };
  else if (active && active !== host && host.contains(active)) focus = { name: null, start: null, end: null };
  return { values, focus };
}

/** True when the reader has typed into the fallback or is in it, and the widget has not yet read it. */
export function readerInFallback(host: Element): boolean {
  if (carried.has(host)) return false;
  const now = readFallback(host);
  return Boolean(now.focus) || Object.keys(now.values).length > 0;
}

/** What the element's fallback held at the widget's first render (nothing for an element made empty). */
export function carriedOver(host: Element | null): CarriedOver {
  if (!host) return EMPTY;
  let held = carried.get(host);
  if (!held) {
    held = readFallback(host);
    carried.set(host, held);
  }
  return held;
}
