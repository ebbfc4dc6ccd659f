/** Open/closed state of each modal element, kept outside React so show() works before it renders. */
type State = { open: boolean; opener: HTMLElement | null };
const states = new WeakMap<Element, State>();
const listeners = new WeakMap<Element, Set<() => void>>();
const CLOSED: State = { open: false, opener: null };

export const modalState = (host: Element): State => states.get(host) ?? CLOSED;

export function setModalState(host: Element, state: State): void {
  states.set(host, state);
  for (const listener of listeners.get(host) ?? []) listener();
}

export function subscribeModal(host: Element, listener: () => void): () => void {
  const set = listeners.get(host) ?? new Set();
  listeners.set(host, set);
  set.add(listener);
  return () => set.delete(listener);
}
