export const pricingPlansStyles = /* css */ `
:host { min-height: 760px; container-type: inline-size; }
.pricing { display: grid; gap: 1.25rem; }
.toggle { justify-self: center; margin: 0; min-inline-size: 0; display: inline-flex; gap: .25rem; padding: .25rem; border: 1px solid var(--_border); border-radius: 999px; background: var(--_surface); }
.toggle-option { min-height: 44px; padding: .5rem 1.1rem; border: 0; border-radius: 999px; background: transparent; color: inherit; font: inherit; font-weight: 600; cursor: pointer; }
.toggle-option[aria-pressed="true"] { background: var(--_primary); color: var(--_primary-contrast); }
.saving { display: inline-block; margin-left: .35rem; padding: 0 .5rem; border-radius: 999px; background: #fff4cc; color: #6b4e00; font-size: .8rem; }
.carousel { position: relative; display: grid; grid-template-columns: auto 1fr auto; align-items: center; gap: .5rem; }
.strip { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(16rem, 1fr); gap: 1rem; margin: 0; padding: .5rem .25rem 1rem; list-style: none; overflow-x: auto; scroll-snap-type: x mandatory; scroll-behavior: smooth; overscroll-behavior-x: contain; cursor: grab; scrollbar-width: thin; }
.strip.dragging { scroll-snap-type: none; scroll-behavior: auto; cursor: grabbing; user-select: none; }
.plan { scroll-snap-align: start; display: flex; flex-direction: column; gap: .5rem; padding: 1.5rem; border: 1px solid var(--_border); border-radius: 16px; background: var(--_surface); min-height: 560px; }
.plan.recommended { border: 2px solid var(--_primary); }
.badge { align-self: flex-start; margin: 0; padding: .1rem .6rem; border-radius: 999px; background: var(--_primary); color: var(--_primary-contrast); font-size: .8rem; font-weight: 700; }
.plan-title { margin: 0; font-size: 1.35rem; }
.plan-description { margin: 0; color: var(--_muted); }
.price { margin: .25rem 0; }
.amount { font-size: 2rem; font-weight: 800; }
.period { color: var(--_muted); margin-left: .15rem; }
.benefits { margin: .5rem 0 0; padding-left: 1.2rem; display: grid; gap: .35rem; }
.nav { width: 44px; height: 44px; border: 1px solid var(--_border); border-radius: 50%; background: var(--_surface); color: inherit; font-size: 1.5rem; cursor: pointer; }
.nav:disabled { opacity: .4; cursor: default; }
.dots { display: none; justify-content: center; gap: .25rem; }
.dot { width: 24px; height: 24px; padding: 0; border: 0; background: transparent; cursor: pointer; position: relative; }
.dot::after { content: ""; position: absolute; inset: 8px; border-radius: 50%; background: var(--_border); }
.dot[aria-current="true"]::after { background: var(--_primary); }
/* Small: by the width the widget gets, not the window (a sidebar embed is small too). */
@container (max-width: 40rem) {
  .dots { display: flex; }
  .nav { display: none; }
  .carousel { grid-template-columns: 1fr; }
  .strip { grid-auto-columns: 85%; }
}
@media (prefers-reduced-motion: reduce) { .strip { scroll-behavior: auto; } }
/* Forced colours drop backgrounds: the pressed period and the current dot keep the system's highlight. */
@media (forced-colors: active) {
  .toggle-option[aria-pressed="true"] { forced-color-adjust: none; background: Highlight; color: HighlightText; }
  .dot::after { border: 1px solid ButtonText; }
  .dot[aria-current="true"]::after { forced-color-adjust: none; background: Highlight; border-color: Highlight; }
}
`;
