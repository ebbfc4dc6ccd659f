import { toastStyles } from '../shared/toast.js';

export const startSellingFormStyles = /* css */ `
:host { min-height: 132px; }
.hp { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
.label { display: block; font-weight: 600; margin-bottom: .4rem; }
/* One line at any width, so the height never depends on wrapping (the fallback form does the same). */
.row { display: flex; flex-wrap: nowrap; gap: .5rem; }
.row .input { flex: 1 1 auto; width: auto; min-width: 0; }
.row .button { flex: none; }
${toastStyles}
`;
