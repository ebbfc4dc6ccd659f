/**
 * Every CSS text the widgets add as a <style> where constructable stylesheets are missing (Safari before
 * 16.4): the build hashes each into dist/widgets/style-hashes.json and our server's CSP allows exactly
 * those (docs/embedding.md#supported-browsers). Not in any bundle; e2e/partner-csp.e2e.ts checks it is whole.
 */
import { reservedSizesCss } from './host-sizes.js';
import { pricingPlansStyles } from './pricing-plans/pricing-plans.styles.js';
import { baseStyles } from './shared/styles.js';
import { startSellingFormStyles } from './start-selling-form/start-selling-form.styles.js';
import { startSellingModalStyles } from './start-selling-modal/start-selling-modal.styles.js';
import { popoverStyles } from './store-rank-checker/revenue-help-popover.js';
import { storeRankCheckerStyles } from './store-rank-checker/store-rank-checker.styles.js';

export const styleTexts = (): string[] => [
  baseStyles,
  startSellingFormStyles,
  startSellingModalStyles,
  storeRankCheckerStyles,
  pricingPlansStyles,
  popoverStyles,
  reservedSizesCss(),
];
