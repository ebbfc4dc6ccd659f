/**
 * The WAI-ARIA dialog pattern on a native modal <dialog> (the page behind becomes inert): focus moves
 * in, Tab and Shift+Tab wrap inside, Esc, the close button and a click on the backdrop close it, and
 * focus returns to the element that opened it. Without <dialog> (before Safari 15.4), a fixed panel.
 */
import { msg } from '@lingui/core/macro';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useI18n } from './i18n.js';

const CLOSE = msg({ id: 'dialog.close', message: 'Close' });

/**
 * <dialog> with showModal() and close() (Safari 15.4): where they are missing, the open attribute shows
 * it, marked data-modal-fallback for the fixed panel below, and close dispatches a close event as the
 * browser would.
 */
export function showModal(dialog: HTMLDialogElement): void {
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else {
    dialog.setAttribute('data-modal-fallback', '');
    dialog.setAttribute('open', '');
  }
}

export function closeDialog(dialog: HTMLDialogElement): void {
  if (typeof dialog.close === 'function') dialog.close();
  else if (dialog.hasAttribute('open')) {
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
  }
}

export const isDialogOpen = (dialog: HTMLDialogElement) => dialog.hasAttribute('open');

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function focusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

export const dialogStyles = /* css */ `
dialog.dialog { border: 0; padding: 0; border-radius: 16px; width: min(32rem, calc(100vw - 2rem)); max-height: calc(100vh - 2rem); overflow: auto; color: var(--_text); background: var(--_surface); font-family: var(--_font); box-shadow: 0 20px 60px rgb(0 0 0 / .3); }
dialog.dialog::backdrop { background: rgb(9 15 30 / .55); }
dialog.dialog:not([open]) { display: none; }
dialog.dialog[data-modal-fallback] { position: fixed; top: 50%; left: 50%; transform: translate(-50%, -50%); margin: 0; z-index: 2147483647; box-shadow: 0 0 0 100vmax rgb(9 15 30 / .55); }
.dialog-body { position: relative; padding: 2rem 1.5rem 1.5rem; }
.dialog-close { position: absolute; top: .5rem; right: .5rem; width: 44px; height: 44px; border: 0; border-radius: 50%; background: transparent; color: inherit; font: inherit; font-size: 1.5rem; line-height: 1; cursor: pointer; }
.dialog-close:hover { background: rgb(0 0 0 / .06); }
`;

export function Dialog({
  open,
  onClose,
  returnFocusTo,
  label,
  labelledBy,
  describedBy,
  busy = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  /** Its content is still on its way (aria-busy): assistive tech waits for it. */
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null | undefined>(null);
  returnTo.current = returnFocusTo;

  // In the commit itself, not after it: the dialog opens in the frame of the tap, and closes in the
  // same frame as whatever replaces it (the rank error's toast).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A page (or framework) may remove the element just as the dialog is due to open: showModal()
    // would throw outside a document.
    if (open && !isDialogOpen(dialog) && dialog.isConnected) {
      showModal(dialog);
      // Prefer the first field over the close button.
      (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0])?.focus();
    } else if (!open && isDialogOpen(dialog)) {
      closeDialog(dialog);
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      part="dialog"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy ? 'true' : undefined}
      onClose={() => {
        // A close event comes a task after close(): one for a dialog opened again since is not a close.
        if (ref.current && isDialogOpen(ref.current)) return;
        onClose();
        returnTo.current?.focus();
      }}
      onClick={(event) => {
        if (event.target === ref.current) closeDialog(ref.current);
      }}
      onKeyDown={(event) => {
        const dialog = ref.current;
        if (!dialog) return;
        // A native modal closes itself on Esc; the fallback (compat.ts) does it here.
        if (event.key === 'Escape' && dialog.hasAttribute('data-modal-fallback')) {
          closeDialog(dialog);
          return;
        }
        if (event.key !== 'Tab') return;
        const items = focusables(dialog);
        const active = (dialog.getRootNode() as ShadowRoot | Document).activeElement;
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && (active === first || !dialog.contains(active))) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
          event.preventDefault();
          first?.focus();
        }
      }}
    >
      <div className="dialog-body">
        <button
          type="button"
          className="dialog-close"
          part="close"
          aria-label={t(CLOSE)}
          onClick={() => ref.current && closeDialog(ref.current)}
        >
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </dialog>
  );
}

/** The element that really has focus, looking through open shadow roots. */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}
