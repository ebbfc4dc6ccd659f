import { defineWidget } from '../shared/define.js';
import { deepActiveElement } from '../shared/dialog.js';
import { StartSellingModal } from './start-selling-modal.component.js';
import { modalState, setModalState } from './start-selling-modal.state.js';
import { startSellingModalStyles } from './start-selling-modal.styles.js';

export const tag = 'start-selling-modal';

defineWidget(tag, StartSellingModal, {
  styles: [startSellingModalStyles],
  props: { apiUrl: 'string', partner: 'string' },
  extend: (Base) =>
    class extends Base {
      /** Opens the dialog; focus returns to `opener` (default: whatever has focus now) when it closes. */
      show(opener?: HTMLElement | null) {
        setModalState(this, { open: true, opener: opener ?? deepActiveElement() });
      }
      close() {
        setModalState(this, { ...modalState(this), open: false });
      }
    },
});
