/**
 * <start-selling-form>: an e-mail field that sends startSelling (docs/widgets-api.md, docs/signups.md).
 * Submit stays disabled while the form is invalid or sending; success resets the form and shows the
 * `Success` toast; a failure shows an inline message: the server's own, or a network one.
 */
import { msg } from '@lingui/core/macro';
import { useCallback, useId, useRef, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { emailError } from '../../common/email.js';
import { type Api, apiErrorText, useApi } from '../shared/api.js';
import { emit } from '../shared/define.js';
import { type CarriedOver, carriedOver } from '../shared/fallback.js';
import { FieldRow } from '../shared/field-row.js';
import { useI18n } from '../shared/i18n.js';
import { emailMessage } from '../shared/messages.js';
import { Toast, type ToastMessage } from '../shared/toast.js';

const M = {
  submit: msg({ id: 'form.submit', message: 'Start Selling' }),
  email: msg({ id: 'form.email', message: 'Email address' }),
  sending: msg({ id: 'form.sending', message: 'Sending…' }),
  placeholder: msg({ id: 'form.placeholder', message: 'you@example.com' }),
  honeypot: msg({ id: 'form.honeypot', message: 'Leave this empty' }),
  success: msg({ id: 'form.success', message: 'Success' }),
  checkEmail: msg({ id: 'form.check-email', message: 'Kindly check your email' }),
};

type Values = { email?: string; website?: string };

export type StartSellingFormProps = {
  api: Api;
  /** What the reader typed into the element's fallback form before it upgraded. */
  fallback?: CarriedOver;
  /** Called after a successful signup (the modal closes itself with it). */
  onSuccess?: () => void;
  /** Label of the submit button (default: Start Selling, in the widget's language). */
  submitLabel?: string;
  /** Where the success toast goes; the modal shows it outside its (closing) dialog. */
  onToast?: (toast: ToastMessage) => void;
  /** The partner code of what opened the modal (its data-partner): ahead of the element's own. */
  openerPartner?: string | null;
  /** The campaign of what opened the modal (its data-campaign): ahead of the element's own. */
  openerCampaign?: string | null;
};

// The form re-renders only when these change, not on every keystroke (each field renders itself):
// on a cheap phone a whole-form render per key is what makes typing lag.
const FORM_SUBSCRIPTION = { submitting: true, invalid: true };
const VALUE_ONLY = { value: true };

function hostOf(node: Node | null): Element | null {
  const root = node?.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * `source` is the page host and path; `partner` the code the opener carried (the modal's), else the
 * element's partner attribute, else `?partner=` in the page URL. `ref` is its older name (React and Vue
 * reserve it), still read on plain pages. `campaign` likewise: the opener's, the attribute's, `?campaign=`.
 */
function attribution(
  host: Element | null,
  openerPartner: string | null | undefined,
  openerCampaign: string | null | undefined,
) {
  const query = new URLSearchParams(location.search);
  const partner =
    openerPartner ||
    host?.getAttribute('partner') ||
    host?.getAttribute('ref') ||
    query.get('partner') ||
    query.get('ref') ||
    null;
  const campaign = openerCampaign || host?.getAttribute('campaign') || query.get('campaign') || null;
  return { source: `${location.host}${location.pathname}`, partner, campaign };
}

/** The form itself: the element renders it with its own API, the modal puts it in its dialog. */
export function StartSellingFormBody({
  api,
  fallback,
  onSuccess,
  submitLabel,
  onToast,
  openerPartner,
  openerCampaign,
}: StartSellingFormProps) {
  const { t, locale } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const succeeded = useRef(false);
  const id = useId();
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [initialValues] = useState(() => fallback?.values ?? {});
  const clearToast = useCallback(() => setToast(null), []);

  const onSubmit = async (values: Values) => {
    const host = hostOf(formRef.current);
    setFailure(null);
    try {
      const website = values.website || null;
      // The language the reader sees is the welcome mail's (the pseudo-locale's is English's).
      const mailLocale = locale === 'pseudo' ? 'en' : locale;
      await api.mutate('startSelling', {
        data: {
          email: values.email?.trim(),
          website,
          locale: mailLocale,
          ...attribution(host, openerPartner, openerCampaign),
        },
      });
    } catch (error) {
      const answer = (error as { errors?: { message?: string; extensions?: { code?: string } }[] }).errors?.[0];
      const code = answer?.extensions?.code;
      if (code === 'BAD_USER_INPUT') {
        if (formRef.current) emit(formRef.current, 'start-selling-error', { code });
        return { email: emailMessage(t, answer?.message) };
      }
      // The API's refusal by its code (RATE_LIMITED says how long to wait); only a request that got no
      // answer is a connection problem.
      setFailure(await apiErrorText(t, answer));
      if (formRef.current) emit(formRef.current, 'start-selling-error', { code: code ?? 'NETWORK' });
      return undefined;
    }
    succeeded.current = true;
    const success: ToastMessage = {
      title: t(M.success),
      description: t(M.checkEmail),
      status: 'success',
      id: Date.now(),
    };
    if (onToast) onToast(success);
    else setToast(success);
    if (formRef.current) emit(formRef.current, 'start-selling-success', {});
    onSuccess?.();
    return undefined;
  };

  return (
    <>
      <Form<Values>
        onSubmit={onSubmit}
        initialValues={initialValues}
        subscription={FORM_SUBSCRIPTION}
        // Form-level so the very first render already knows the empty form is invalid.
        validate={(values: Values) => {
          const error = emailMessage(t, emailError(values.email));
          return error ? { email: error } : {};
        }}
        render={({ handleSubmit, invalid, submitting, form }) => (
          <form
            ref={formRef}
            part="form"
            className="form"
            noValidate
            {...api.onIntent}
            onSubmit={async (event) => {
              await handleSubmit(event);
              // Reset only after a success, and outside final-form's submit cycle.
              if (succeeded.current) {
                succeeded.current = false;
                form.restart({});
              }
            }}
          >
            <FieldRow
              id={id}
              name="email"
              label={t(M.email)}
              submitLabel={submitLabel ?? t(M.submit)}
              busyLabel={t(M.sending)}
              disabled={invalid || submitting}
              busy={submitting}
              message={failure}
              showSubmitError
              carriedFocus={fallback?.focus}
              inputProps={{
                type: 'email',
                inputMode: 'email',
                autoComplete: 'email',
                'data-autofocus': true,
                placeholder: t(M.placeholder),
              }}
            />
            {/* Honeypot: hidden from people and assistive tech; a bot that fills it is ignored by the server. */}
            <Field<string> name="website" subscription={VALUE_ONLY}>
              {({ input }) => (
                <div className="hp" aria-hidden="true">
                  <label>
                    {t(M.honeypot)}
                    <input {...input} type="text" tabIndex={-1} autoComplete="off" />
                  </label>
                </div>
              )}
            </Field>
          </form>
        )}
      />
      {!onToast && <Toast message={toast} placement="top-right" onDone={clearToast} />}
    </>
  );
}

/** The element: its API, and what its fallback form held. */
export function StartSellingForm({ container }: { container?: ShadowRoot | HTMLElement; apiUrl?: string }) {
  const api = useApi(container);
  const host = container instanceof ShadowRoot ? container.host : null;
  return <StartSellingFormBody api={api} fallback={carriedOver(host)} />;
}
