import { dialogStyles } from '../shared/dialog.js';
import { startSellingFormStyles } from '../start-selling-form/start-selling-form.styles.js';

// The host takes no room on the page: only the dialog (top layer) and the toast show.
export const startSellingModalStyles = /* css */ `
${startSellingFormStyles}
:host { display: contents; min-height: 0; }
.title { margin: 0 2.5rem .5rem 0; font-size: 1.5rem; line-height: 1.25; }
.text { margin: 0 0 1.25rem; color: var(--_muted); }
${dialogStyles}
`;
