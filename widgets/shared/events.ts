/**
 * Widget events bubble out of the shadow root to the page (docs/embedding.md); `detail` is always an
 * object. A cancelable one returns false when the page called preventDefault().
 */
export function emit(
  from: Node,
  name: string,
  detail: Record<string, unknown> = {},
  { cancelable = false }: { cancelable?: boolean } = {},
): boolean {
  const root = from.getRootNode();
  const host = root instanceof ShadowRoot ? root.host : from;
  return host.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, cancelable, detail }));
}
