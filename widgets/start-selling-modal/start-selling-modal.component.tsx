/**
 * <start-selling-modal>: the start-selling dialog (docs/widgets-api.md). Opened by show() or `open`, by
 * any [data-start-selling] element (shared/start-selling-delegation.ts), whose data-partner wins over the
 * modal's partner; closes on success. Says start-selling-show and start-selling-hide once the dialog
 * has opened or closed.
 */
import { msg } from '@lingui/core/macro';
import { useCallback, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useApi } from '../shared/api.js';
import { emit } from '../shared/define.js';
import { Dialog } from '../shared/dialog.js';
import { useI18n } from '../shared/i18n.js';
import { Toast, type ToastMessage } from '../shared/toast.js';
import { StartSellingFormBody } from '../start-selling-form/start-selling-form.component.js';
import { modalState, setModalState, subscribeModal } from './start-selling-modal.state.js';

const M = {
  title: msg({ id: 'modal.title', message: 'Start Selling with Ease!' }),
  text: msg({
    id: 'modal.text',
    message:
      'Enter your email to receive a download link and step-by-step instructions to set up your store and start selling today.',
  }),
};

export function StartSellingModal({ container }: { container?: ShadowRoot | HTMLElement; apiUrl?: string }) {
  const api = useApi(container);
  const host = container instanceof ShadowRoot ? container.host : null;
  const noop = useCallback(() => () => {}, []);
  const state = useSyncExternalStore(host ? (listener) => subscribeModal(host, listener) : noop, () =>
    host ? modalState(host) : { open: false, opener: null },
  );
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const id = useId();
  const { t } = useI18n();
  // After the dialog's own effect (a child's runs first): the dialog is open by now.
  const shown = useRef(false);
  useLayoutEffect(() => {
    if (!host || !state.open || shown.current) return;
    shown.current = true;
    emit(host, 'start-selling-show');
  }, [host, state.open]);
  // On the dialog's close event, a task after close(): hide() settles on start-selling-hide, so once it
  // has, nothing of the closing is left to undo an open that follows.
  const close = () => host && setModalState(host, { open: false, opener: state.opener });
  const closed = () => {
    close();
    if (!host || !shown.current) return;
    shown.current = false;
    emit(host, 'start-selling-hide');
  };

  return (
    <>
      <Dialog
        open={state.open}
        onClose={closed}
        returnFocusTo={state.opener}
        labelledBy={`${id}-title`}
        describedBy={`${id}-text`}
      >
        <h2 id={`${id}-title`} className="title" part="title">
          {t(M.title)}
        </h2>
        <p id={`${id}-text`} className="text" part="text">
          {t(M.text)}
        </p>
        <StartSellingFormBody
          api={api}
          onSuccess={close}
          onToast={setToast}
          // A [data-start-selling] button on a page the partner can't add tags to (a WordPress Author's
          // post) carries their code itself; the modal's own partner attribute comes next.
          openerPartner={state.opener?.getAttribute('data-partner')}
          openerCampaign={state.opener?.getAttribute('data-campaign')}
        />
      </Dialog>
      <Toast message={toast} placement="top-right" onDone={clearToast} />
    </>
  );
}
