import { dialogStyles } from '../shared/dialog.js';
import { toastStyles } from '../shared/toast.js';

export const storeRankCheckerStyles = /* css */ `
:host { min-height: 132px; }
.store { display: flex; align-items: center; gap: 1rem; margin: 0 2.5rem 1.25rem 0; }
.avatar { flex: none; display: grid; place-items: center; width: 56px; height: 56px; border-radius: 50%; object-fit: cover; background: var(--_primary); color: var(--_primary-contrast); font-weight: 700; font-size: 1.25rem; }
.store-name { margin: 0; font-size: 1.25rem; font-weight: 700; min-height: 1.5em; overflow-wrap: anywhere; }
/* A long name without spaces wraps anywhere rather than widen the dialog past the screen. */
.store > div { min-width: 0; }
.rank { margin: 0; color: var(--_muted); }
.rank strong { color: var(--_text); }
/* Side by side where both fit a six-digit amount (12rem each), one above the other on a phone. */
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr)); gap: .75rem; margin-bottom: 1.25rem; }
.card { min-width: 0; border: 1px solid var(--_border); border-radius: 12px; padding: .75rem 1rem; }
.card-head { display: flex; align-items: center; justify-content: space-between; gap: .5rem; }
.card-label { margin: 0; color: var(--_muted); font-size: .875rem; }
.help { flex: none; width: 24px; height: 24px; padding: 0; border: 1px solid var(--_border); border-radius: 50%; background: transparent; color: var(--_muted); font: inherit; font-size: .8125rem; font-weight: 700; line-height: 1; cursor: pointer; }
.help::before { content: "?"; }
.help:hover, .help[aria-expanded="true"] { color: var(--_text); border-color: currentColor; }
.card-value { margin: 0; font-size: 1.5rem; font-weight: 700; overflow-wrap: anywhere; }
.progress { height: 12px; border-radius: 999px; background: rgb(0 0 0 / .08); overflow: hidden; }
.progress-fill { height: 100%; background: var(--_primary); border-radius: inherit; }
@media (forced-colors: active) {
  .progress { border: 1px solid CanvasText; }
  .progress-fill { forced-color-adjust: none; background: Highlight; }
}
.progress-labels { display: flex; justify-content: space-between; gap: 1rem; font-size: .875rem; color: var(--_muted); margin-top: .35rem; }
.goal { margin: 1rem 0 0; font-weight: 600; }
/* A value on its way: a bar of the text's height, so the dialog keeps its size when the answer comes. */
.placeholder { display: inline-block; vertical-align: middle; width: 8em; max-width: 100%; height: 1em; border-radius: 4px; background: rgb(0 0 0 / .08); }
.rank .placeholder { width: 2em; }
.avatar.placeholder { width: 56px; height: 56px; border-radius: 50%; }
.help-slot { flex: none; width: 24px; height: 24px; }
${dialogStyles}
${toastStyles}
`;
