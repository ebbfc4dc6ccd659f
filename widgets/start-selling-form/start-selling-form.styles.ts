import { toastStyles } from '../shared/toast.js';

export const startSellingFormStyles = /* css */ `
:host { min-height: 132px; }
.hp { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
.label { display: block; font-weight: 600; margin-bottom: .4rem; }
.row { display: flex; flex-wrap: wrap; gap: .5rem; }
.row .input { flex: 1 1 14rem; width: auto; }
${toastStyles}
`;
