import { toastStyles } from '../shared/toast.js';

export const startSellingFormStyles = /* css */ `
:host { min-height: 132px; }
.label { display: block; font-weight: 600; margin-bottom: .4rem; }
.row { display: flex; flex-wrap: wrap; gap: .5rem; }
.row .input { flex: 1 1 14rem; width: auto; }
${toastStyles}
`;
