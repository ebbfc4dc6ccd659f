/**
 * The mobile side drawer: a modal <dialog> (focus moves in and stays, Esc closes, the page behind is
 * inert). Its buttons carry `command`/`commandfor`, so it opens and closes without this script where
 * browsers support invokers. Scroll lock is CSS (`html:has(dialog[open])`). This adds aria-expanded,
 * focus return, closing on a backdrop click and on following a link, and older browsers.
 */
export function setUpDrawer(): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog.drawer');
  const opener = document.querySelector<HTMLButtonElement>('.menu-button');
  if (!dialog || !opener) return;
  // Set here, not in the HTML: a `command` invoker may not carry aria-expanded in markup (vnu).
  opener.setAttribute('aria-expanded', 'false');
  opener.addEventListener('click', () => {
    if (!dialog.open) dialog.showModal();
    opener.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => {
    opener.setAttribute('aria-expanded', 'false');
    opener.focus();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    // A click on the ::backdrop lands on the dialog element itself.
    if (target === dialog || target.closest('[data-close-drawer], a[href]')) dialog.close();
  });
}
