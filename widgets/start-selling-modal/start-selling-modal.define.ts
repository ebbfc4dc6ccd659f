import { defineWidget, emit } from '../shared/define.js';
import { deepActiveElement, isDialogOpen } from '../shared/dialog.js';
import { StartSellingModal } from './start-selling-modal.component.js';
import { modalState, setModalState, subscribeModal } from './start-selling-modal.state.js';
import { startSellingModalStyles } from './start-selling-modal.styles.js';
import { options, ownAttributes, tag } from './start-selling-modal.tag.js';

/**
 * Settles once the dialog has reached `open` (the component says so with its show/hide events, hide
 * once the dialog's close event has come), or once a later call wants the other state.
 */
function settled(host: HTMLElement & { open: boolean }, open: boolean): Promise<void> {
  const dialog = host.shadowRoot?.querySelector('dialog');
  if (host.open === open && (dialog ? isDialogOpen(dialog) : false) === open) return Promise.resolve();
  const event = open ? 'start-selling-show' : 'start-selling-hide';
  return new Promise((resolve) => {
    const done = () => {
      stop();
      host.removeEventListener(event, done);
      resolve();
    };
    const stop = subscribeModal(host, () => modalState(host).open !== open && done());
    host.addEventListener(event, done);
  });
}

defineWidget({ tag, options }, StartSellingModal, {
  styles: [startSellingModalStyles],
  extend: (Base) =>
    class extends Base {
      // The open attribute is the element's own, not one of the component's options: it reflects the state.
      static get observedAttributes() {
        const componentOptions = (Base as unknown as { observedAttributes?: string[] }).observedAttributes ?? [];
        return [...componentOptions, ...ownAttributes];
      }

      constructor() {
        super();
        subscribeModal(this, () => this.toggleAttribute('open', modalState(this).open));
      }

      /** Whether the dialog is open; setting it opens or closes it (as show() and hide() do). */
      get open(): boolean {
        return modalState(this).open;
      }

      set open(value: boolean) {
        if (value) void this.show();
        else void this.hide();
      }

      /** Opens the dialog; focus returns to `opener` (default: whatever has focus now) when it closes. */
      show(opener?: HTMLElement | null) {
        if (!this.open) {
          // The page may keep it closed: start-selling-open is cancelable, and comes before anything opens.
          if (!emit(this, 'start-selling-open', {}, { cancelable: true })) {
            this.removeAttribute('open');
            return Promise.resolve();
          }
          setModalState(this, { open: true, opener: opener ?? deepActiveElement() });
        }
        return settled(this, true);
      }

      hide() {
        if (this.open) setModalState(this, { ...modalState(this), open: false });
        return settled(this, false);
      }

      /** hide(), under the name pages written before it use. */
      close() {
        void this.hide();
      }

      override attributeChangedCallback(name: string, old: string | null, value: string | null) {
        if (name !== 'open') super.attributeChangedCallback(name, old, value);
        else if ((value !== null) !== this.open) this.open = value !== null;
      }
    },
});
