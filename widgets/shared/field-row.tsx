/**
 * A labelled text field with its submit button beside it and its message under it, tied by
 * aria-describedby and announced: the signup and rank forms both use it.
 */
import { type InputHTMLAttributes, useLayoutEffect, useRef } from 'react';
import { Field } from 'react-final-form';
import type { CarriedOver } from './fallback.js';

// What the row shows; focus moving in and out alone (`active`) does not re-render it.
const FIELD_SUBSCRIPTION = { value: true, touched: true, error: true, submitError: true };

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
  carriedFocus,
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
  /** The reader was in this field of the fallback form: focus moves here, caret where it was. */
  carriedFocus?: CarriedOver['focus'];
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Once, in the commit that replaces the fallback (a layout effect: before the reader's next key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the widget replaces its fallback
  useLayoutEffect(() => {
    const field = inputRef.current;
    if (!field || !carriedFocus) return;
    if (carriedFocus.name === null) {
      // The fallback's button had focus: this one, unless it is disabled (an empty field).
      (buttonRef.current?.disabled ? field : buttonRef.current)?.focus();
      return;
    }
    if (carriedFocus.name !== name) return;
    field.focus();
    // Email fields have no selection API (it throws); their caret stays at the end.
    if (carriedFocus.start !== null) field.setSelectionRange(carriedFocus.start, carriedFocus.end);
  }, []);
  return (
    <Field<string> name={name} subscription={FIELD_SUBSCRIPTION}>
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
                ref={inputRef}
                id={`${id}-${name}`}
                className="input"
                part="input"
                aria-invalid={error ? 'true' : 'false'}
                aria-describedby={`${id}-error`}
              />
              <button
                ref={buttonRef}
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
