/**
 * Opens the page's <start-selling-modal> from any [data-start-selling] element, including buttons
 * inside other widgets' shadow roots (composedPath sees through open roots); where its code cannot come,
 * the element goes where it points (a link's href, else the signup page). Installed once per page.
 * No React here: the loader imports this and must stay small.
 */
type ModalElement = HTMLElement & { show(opener?: HTMLElement | null): void };

/** How the page gets the modal's code: load() rejects when it cannot; failed() says the last try did. */
export type ModalCode = { load: () => Promise<unknown>; failed: () => boolean; signupPage: string };

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

/** Where an opener goes without the modal: its link's href, or the signup page for a button. */
const follow = (opener: HTMLElement, signupPage: string) =>
  location.assign((opener.closest('a[href]') as HTMLAnchorElement | null)?.href ?? signupPage);

export function installStartSellingDelegation(code: ModalCode): void {
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
    const defined = Boolean(customElements.get('start-selling-modal'));
    // Known not to come (blocked, offline): a link navigates as it would without us.
    if (!defined && code.failed() && opener.closest('a[href]')) return;
    event.preventDefault();
    openStartSellingModal(opener, code.load).catch(() => follow(opener, code.signupPage));
  });
}
