/**
 * Opens the page's <start-selling-modal> from any [data-start-selling] element, including buttons
 * inside other widgets' shadow roots (composedPath sees through open roots). A page without a modal
 * gets one on demand. Installed once per page however many copies of our scripts load.
 * No React here: the loader imports this and must stay small.
 */
type ModalElement = HTMLElement & { show(opener?: HTMLElement | null): void };

const globalState = globalThis as typeof globalThis & { __kasuwaStartSelling?: boolean };

export async function openStartSellingModal(opener: HTMLElement | null, load: () => Promise<unknown>) {
  let modal = document.querySelector<ModalElement>('start-selling-modal');
  if (!modal) {
    modal = document.createElement('start-selling-modal') as ModalElement;
    document.body.append(modal);
  }
  if (!customElements.get('start-selling-modal')) await load();
  await customElements.whenDefined('start-selling-modal');
  modal.show(opener);
}

export function installStartSellingDelegation(load: () => Promise<unknown>): void {
  if (globalState.__kasuwaStartSelling) return;
  globalState.__kasuwaStartSelling = true;
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const opener = event
      .composedPath()
      .find((node): node is HTMLElement => node instanceof HTMLElement && node.hasAttribute('data-start-selling'));
    if (!opener) return;
    // The site's header link (<a href="/#signup" data-start-selling>) navigates only without us.
    event.preventDefault();
    void openStartSellingModal(opener, load);
  });
}
