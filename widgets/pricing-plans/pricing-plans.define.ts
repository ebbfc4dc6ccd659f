/** Defines <pricing-plans> (its name and options from pricing-plans.tag.ts) with its component and styles. */
import { defineWidget } from '../shared/define.js';
import { PricingPlans } from './pricing-plans.component.js';
import { pricingPlansStyles } from './pricing-plans.styles.js';
import { options, tag } from './pricing-plans.tag.js';

defineWidget({ tag, options }, PricingPlans, { styles: [pricingPlansStyles] });
