/** kasuwa-widgets.iife.js: every widget in one classic script, defined at once. */
import './start-selling-form/start-selling-form.define.js';
import './start-selling-modal/start-selling-modal.define.js';
import './store-rank-checker/store-rank-checker.define.js';
import './pricing-plans/pricing-plans.define.js';
import { installStartSellingDelegation } from './shared/start-selling-delegation.js';

installStartSellingDelegation(() => customElements.whenDefined('start-selling-modal'));
