/**
 * Every tag, one line each: its folder's <tag>.tag.ts, in alphabetical order (a module namespace
 * sorts its names, so every list derived from this one is in that order). The registry (what pages
 * load) and the metadata (docs, manifest, types, the WordPress block) are derived from it; the widget
 * bundles take only each tag's page facts (scripts/build-widgets.mjs). Adding a tag: docs/adding-a-tag.md.
 */
export * as pricingPlans from './pricing-plans/pricing-plans.tag.js';
export * as startSellingForm from './start-selling-form/start-selling-form.tag.js';
export * as startSellingModal from './start-selling-modal/start-selling-modal.tag.js';
export * as storeRankChecker from './store-rank-checker/store-rank-checker.tag.js';
