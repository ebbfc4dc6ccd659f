/** kasuwa-widgets.iife.js: every widget in one classic script, defined at once (its imports are inlined). */
import { registry } from './registry.js';
import { installStartSellingDelegation } from './shared/start-selling-delegation.js';

for (const { define } of Object.values(registry)) void define();
installStartSellingDelegation(() => customElements.whenDefined('start-selling-modal'));
