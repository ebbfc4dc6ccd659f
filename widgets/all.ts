/** kasuwa-widgets.iife.js: every widget in one classic script, defined at once (its imports are inlined). */
import { registry } from './registry.js';
import { widgetsCanRun } from './shared/compat.js';
import { installStartSellingDelegation } from './shared/start-selling-delegation.js';

// Where the widgets cannot run, nothing is defined and the fallback forms stay.
if (widgetsCanRun()) {
  for (const { define } of Object.values(registry)) void define();
  // Everything is in this bundle: the modal's code cannot fail to come.
  installStartSellingDelegation({
    load: () => customElements.whenDefined('start-selling-modal'),
    failed: () => false,
    signupPage: '/#signup',
  });
}
