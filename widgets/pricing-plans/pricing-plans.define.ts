import { defineWidget } from '../shared/define.js';
import { PricingPlans } from './pricing-plans.component.js';
import { pricingPlansStyles } from './pricing-plans.styles.js';

export const tag = 'pricing-plans';

defineWidget(tag, PricingPlans, { styles: [pricingPlansStyles], props: { period: 'string', label: 'string' } });
