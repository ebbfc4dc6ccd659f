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

const LINKS = 'a[href][data-start-selling]';

/**
 * A link that opens the modal is a button once we handle it (it no longer navigates): announced as
 * one, and pressed with Space as well as Enter. Without the script it stays a link to the signup form.
 */
function markLinksAsButtons(root: ParentNode) {
  for (const link of root.querySelectorAll(LINKS)) link.setAttribute('role', 'button');
}

function linkButtonOf(event: Event): HTMLElement | undefined {
  return event
    .composedPath()
    .find((node): node is HTMLElement => node instanceof HTMLElement && node.matches(`${LINKS}[role="button"]`));
}

export function installStartSellingDelegation(load: () => Promise<unknown>): void {
  if (globalState.__kasuwaStartSelling) return;
  globalState.__kasuwaStartSelling = true;
  markLinksAsButtons(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(LINKS)) node.setAttribute('role', 'button');
        markLinksAsButtons(node);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  // A button fires on Space when the key comes up; keydown would scroll the page.
  document.addEventListener('keydown', (event) => {
    if (event.key === ' ' && linkButtonOf(event)) event.preventDefault();
  });
  document.addEventListener('keyup', (event) => {
    const link = event.key === ' ' ? linkButtonOf(event) : undefined;
    if (!link) return;
    event.preventDefault();
    link.click();
  });
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
