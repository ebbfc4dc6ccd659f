/**
 * A labelled text field with its submit button beside it and its message under it, tied by
 * aria-describedby and announced: the signup and rank forms both use it.
 */
import type { InputHTMLAttributes } from 'react';
import { Field } from 'react-final-form';

export function FieldRow({
  id,
  name,
  label,
  submitLabel,
  busyLabel,
  disabled,
  busy,
  message,
  showSubmitError = false,
  inputProps,
}: {
  id: string;
  name: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  disabled?: boolean;
  busy?: boolean;
  /** Shown under the field when it has no error of its own (e.g. a network failure). */
  message?: string | null;
  /** Also show the server's answer for this field (final-form submit errors). */
  showSubmitError?: boolean;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { 'data-autofocus'?: boolean };
}) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = meta.touched ? (meta.error ?? (showSubmitError ? meta.submitError : undefined)) : undefined;
        return (
          <div className="field">
            <label htmlFor={`${id}-${name}`} className="label" part="label">
              {label}
            </label>
            <div className="row">
              <input
                {...input}
                {...inputProps}
                id={`${id}-${name}`}
                className="input"
                part="input"
                aria-invalid={error ? 'true' : 'false'}
                aria-describedby={`${id}-error`}
              />
              <button
                type="submit"
                className="button"
                part="button"
                disabled={disabled}
                aria-busy={busy ? 'true' : 'false'}
              >
                {busy && <span className="spinner" aria-hidden="true" />}
                {busy ? busyLabel : submitLabel}
              </button>
            </div>
            <p id={`${id}-error`} className="field-error" part="error" aria-live="polite">
              {error ?? message ?? ''}
            </p>
          </div>
        );
      }}
    </Field>
  );
}
