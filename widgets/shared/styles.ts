/**
 * The CSS every widget shares. Styles go into each shadow root as constructable stylesheets, which a
 * strict CSP on the host page allows (an inline <style> would need 'unsafe-inline'); browsers without
 * them get <style> elements instead (adoptStyles in compat.ts).
 */

/** Tokens and controls every widget shares; themable with --kasuwa-* custom properties. */
export const baseStyles = /* css */ `
:host {
  --_primary: var(--kasuwa-primary, #0b6e4f);
  --_primary-contrast: var(--kasuwa-primary-contrast, #ffffff);
  --_text: var(--kasuwa-text, #14213d);
  --_muted: var(--kasuwa-muted, #4a5568);
  --_danger: var(--kasuwa-danger, #b42318);
  --_surface: var(--kasuwa-surface, #ffffff);
  --_border: var(--kasuwa-border, #a0aec0);
  --_radius: var(--kasuwa-radius, 999px);
  --_font: var(--kasuwa-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  display: block;
  font-family: var(--_font);
  color: var(--_text);
  line-height: 1.5;
}
/* [hidden] hides, as on any element: :host's display would otherwise win over the browser's rule. */
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
/* Two rings, dark outside and light inside: 3:1 or more against a light or a dark background. */
:focus-visible { outline: 3px solid var(--kasuwa-focus, #14213d); outline-offset: 2px; box-shadow: 0 0 0 2px var(--kasuwa-focus-inner, #ffffff); }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.button {
  display: inline-flex; align-items: center; justify-content: center; gap: .5rem;
  min-height: 44px; padding: .6rem 1.2rem; border: 0; border-radius: var(--_radius);
  background: var(--_primary); color: var(--_primary-contrast);
  font: inherit; font-weight: 600; cursor: pointer;
}
.button:disabled { opacity: .6; cursor: not-allowed; }
/* Forced colours drop the fill that makes a button look like one: a border in the system's button text. */
@media (forced-colors: active) { .button { border: 1px solid ButtonText; } }
.input {
  min-height: 44px; width: 100%; padding: .5rem .9rem; font: inherit; color: inherit;
  background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius);
}
.input[aria-invalid="true"] { border-color: var(--_danger); }
/* A labelled field with its submit button beside it (the signup and rank forms). */
.label { display: block; font-weight: 600; margin-bottom: .4rem; }
/* One line at any width, so the height never depends on wrapping (the fallback form does the same). */
.row { display: flex; flex-wrap: nowrap; gap: .5rem; }
/* A zero basis keeps the field out of the min-content width, so a narrow host never overflows. */
.row .input { flex: 1 1 0; width: 0; min-width: 0; }
.row .button { flex: none; }
.field-error { color: var(--_danger); font-size: .875rem; margin: .25rem 0 0; min-height: 1.3em; }
.spinner { width: 1em; height: 1em; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin .8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
`;
