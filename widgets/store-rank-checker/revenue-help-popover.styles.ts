/** The revenue help popover's own CSS, added to the widget's shadow root on its first open. */
export const popoverStyles = /* css */ `
.help-popover { z-index: 1; width: max-content; max-width: min(18rem, calc(100vw - 2rem)); margin: 0; padding: .75rem 1rem; border: 1px solid var(--_border); border-radius: 12px; background: var(--_surface); color: var(--_text); box-shadow: 0 8px 24px rgb(0 0 0 / .18); font-size: .875rem; line-height: 1.4; text-align: start; }
.help-popover p { margin: 0 0 .4rem; }
.help-popover p:last-of-type { margin-bottom: 0; }
.help-title { font-weight: 700; }
`;
