/** Widget events bubble out of the shadow root to the page (docs/embedding.md); `detail` is always an object. */
export function emit(from: Node, name: string, detail: Record<string, unknown> = {}): void {
  const root = from.getRootNode();
  const host = root instanceof ShadowRoot ? root.host : from;
  host.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail }));
}
