/** A small status toast (docs/widgets-api.md): a role="status" region, no focus theft, auto-dismissed. */
import { useEffect } from 'react';

export type ToastMessage = { title: string; description: string; status: 'success' | 'error'; id: number };

export const TOAST_DURATION_MS = 5000;

export const toastStyles = /* css */ `
.toast-region { position: fixed; z-index: 2147483000; display: grid; gap: .5rem; max-width: min(24rem, calc(100vw - 2rem)); pointer-events: none; }
.toast-region[data-placement="top-right"] { top: 1rem; right: 1rem; }
.toast-region[data-placement="bottom-right"] { bottom: 1rem; right: 1rem; }
.toast { pointer-events: auto; padding: .75rem 1rem; border-radius: 8px; border-left: 4px solid; background: #fff; box-shadow: 0 6px 24px rgb(0 0 0 / .15); color: #14213d; }
.toast[data-status="success"] { border-color: #0b6e4f; background: #ecfdf3; }
.toast[data-status="error"] { border-color: #b42318; background: #fef3f2; }
.toast-title { font-weight: 700; margin: 0; }
.toast-description { margin: 0; }
`;

export function Toast({
  message,
  placement,
  onDone,
}: {
  message: ToastMessage | null;
  placement: 'top-right' | 'bottom-right';
  onDone: () => void;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDone, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message, onDone]);
  return (
    <div className="toast-region" data-placement={placement} role="status" aria-live="polite" part="toast-region">
      {message && (
        <div className="toast" data-status={message.status} key={message.id} part="toast">
          <p className="toast-title">{message.title}</p>
          <p className="toast-description">{message.description}</p>
        </div>
      )}
    </div>
  );
}
