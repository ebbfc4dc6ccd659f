import { toastStyles } from '../shared/toast.js';

export const startSellingFormStyles = /* css */ `
:host { min-height: 132px; }
.hp { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
${toastStyles}
`;
