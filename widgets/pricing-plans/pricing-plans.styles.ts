/**
 * Every length in em but the 44 px and 24 px targets: the widget's height is then the page's type size
 * times a number set by the column's width in em alone (the cards' text wraps alike), which the host
 * size (52em, pricing-plans.tag.ts) holds from a 14.5em column up in Chromium, Firefox and WebKit
 * (pricing-plans.browser.ts).
 */
export const pricingPlansStyles = /* css */ `
:host { min-height: 52em; container-type: inline-size; }
/* The strip, and so the cards, take the room the host reserves beyond their own. */
.pricing { display: grid; grid-template-rows: auto 1fr; gap: 1.25em; min-height: inherit; }
.toggle { justify-self: center; margin: 0; min-inline-size: 0; display: inline-flex; gap: .25em; padding: .25em; border: 1px solid var(--_border); border-radius: 999px; background: var(--_surface); }
.toggle-option { min-height: 44px; padding: .5em 1.1em; border: 0; border-radius: 999px; background: transparent; color: inherit; font: inherit; font-weight: 600; cursor: pointer; }
.toggle-option[aria-pressed="true"] { background: var(--_primary); color: var(--_primary-contrast); }
.saving { display: inline-block; margin-left: .35em; padding: 0 .5em; border-radius: 999px; background: #fff4cc; color: #6b4e00; font-size: .8em; }
.carousel { position: relative; display: grid; grid-template-columns: auto 1fr auto; align-items: center; gap: .5em; }
.strip { align-self: stretch; display: grid; grid-auto-flow: column; grid-auto-columns: minmax(16em, 1fr); gap: 1em; margin: 0; padding: .5em .25em 1em; list-style: none; overflow-x: auto; scroll-snap-type: x mandatory; scroll-behavior: smooth; overscroll-behavior-x: contain; cursor: grab; scrollbar-width: thin; }
.strip.dragging { scroll-snap-type: none; scroll-behavior: auto; cursor: grabbing; user-select: none; }
.plan { scroll-snap-align: start; display: flex; flex-direction: column; gap: .5em; padding: 1.5em; border: 1px solid var(--_border); border-radius: 16px; background: var(--_surface); }
.plan.recommended { border: 2px solid var(--_primary); }
.badge { align-self: flex-start; margin: 0; padding: .1em .6em; border-radius: 999px; background: var(--_primary); color: var(--_primary-contrast); font-size: .8em; font-weight: 700; }
.plan-title { margin: 0; font-size: 1.35em; }
.plan-description { margin: 0; color: var(--_muted); }
.price { margin: .25em 0; }
.amount { font-size: 2em; font-weight: 800; }
.period { color: var(--_muted); margin-left: .15em; }
.benefits { margin: .5em 0 0; padding-left: 1.2em; display: grid; gap: .35em; }
.nav { width: 44px; height: 44px; border: 1px solid var(--_border); border-radius: 50%; background: var(--_surface); color: inherit; font-size: 1.5em; cursor: pointer; }
.nav:disabled { opacity: .4; cursor: default; }
.dots { display: none; justify-content: center; gap: .25em; }
.dot { width: 24px; height: 24px; padding: 0; border: 0; background: transparent; cursor: pointer; position: relative; }
.dot::after { content: ""; position: absolute; inset: 8px; border-radius: 50%; background: var(--_border); }
.dot[aria-current="true"]::after { background: var(--_primary); }
/* Small: by the width the widget gets, not the window (a sidebar embed is small too). */
@container (max-width: 40em) {
  .dots { display: flex; }
  .nav { display: none; }
  .carousel { grid-template-columns: 1fr; }
  .strip { grid-auto-columns: min(100%, 20em); }
  .plan { padding: 1.25em 1em; }
}
@media (prefers-reduced-motion: reduce) { .strip { scroll-behavior: auto; } }
/* Forced colours drop backgrounds: the pressed period and the current dot keep the system's highlight. */
@media (forced-colors: active) {
  .toggle-option[aria-pressed="true"] { forced-color-adjust: none; background: Highlight; color: HighlightText; }
  .dot::after { border: 1px solid ButtonText; }
  .dot[aria-current="true"]::after { forced-color-adjust: none; background: Highlight; border-color: Highlight; }
}
`;
