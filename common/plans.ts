/**
 * The subscription plans, shared by <pricing-plans>, the site's fallback price table and its structured
 * data. Prices are naira; Starter is ₦2,000 a month or ₦30,000 a year: the explicit annual figure, not
 * ten times the monthly price (docs/site.md).
 */
import { msg } from '@lingui/core/macro';
import type { Message } from './i18n.js';

export type BillingPeriod = 'monthly' | 'annual';

export type Plan = {
  id: 'free' | 'starter' | 'plus' | 'pro';
  /** Messages (docs/languages.md): render with the page's or the widget's `t`. */
  title: Message;
  description: Message;
  prices: { monthly: number; annual: number };
  benefits: Message[];
  free: boolean;
  recommended: boolean;
};

const SMALL = msg({ id: 'plans.for-small', message: 'For small businesses' });
const MEDIUM = msg({ id: 'plans.for-medium', message: 'For medium-sized enterprises' });

const starterLimits = [
  msg({ id: 'plans.starter.products', message: '40 products with multiple variants' }),
  msg({ id: 'plans.starter.collections', message: '10 collections' }),
  msg({ id: 'plans.starter.orders', message: '10 manual orders per month' }),
  msg({ id: 'plans.starter.invoices', message: '30 invoices and receipts per month' }),
  msg({ id: 'plans.starter.coupons', message: 'Limit how often coupons can be used' }),
];

export const plans: Plan[] = [
  {
    id: 'free',
    title: msg({ id: 'plans.free.title', message: 'Free' }),
    description: SMALL,
    prices: { monthly: 0, annual: 0 },
    benefits: [
      msg({ id: 'plans.free.products', message: '20 products with 3 variants each' }),
      msg({ id: 'plans.free.orders', message: '5 manual orders per month' }),
      msg({ id: 'plans.free.invoices', message: '10 invoices and receipts per month' }),
    ],
    free: true,
    recommended: false,
  },
  {
    id: 'starter',
    title: msg({ id: 'plans.starter.title', message: 'Starter' }),
    description: SMALL,
    prices: { monthly: 2_000, annual: 30_000 },
    benefits: starterLimits,
    free: false,
    recommended: false,
  },
  {
    id: 'plus',
    title: msg({ id: 'plans.plus.title', message: 'Plus' }),
    description: SMALL,
    prices: { monthly: 6_000, annual: 60_000 },
    benefits: starterLimits,
    free: false,
    recommended: false,
  },
  {
    id: 'pro',
    title: msg({ id: 'plans.pro.title', message: 'Pro' }),
    description: MEDIUM,
    prices: { monthly: 12_000, annual: 120_000 },
    benefits: [
      msg({ id: 'plans.pro.products', message: 'Unlimited products and variants' }),
      msg({ id: 'plans.pro.collections', message: 'Unlimited collections' }),
      msg({ id: 'plans.pro.orders', message: 'Unlimited manual orders' }),
      msg({ id: 'plans.pro.invoices', message: 'Unlimited invoices and receipts' }),
      msg({ id: 'plans.pro.coupons', message: 'Unlimited coupons and bulk editing' }),
      msg({ id: 'plans.pro.analytics', message: 'Detailed analytics' }),
      msg({ id: 'plans.pro.coupon-control', message: 'Total control over coupon usage' }),
    ],
    free: false,
    recommended: true,
  },
];

export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'annual';
export const ANNUAL_SAVING_LABEL = msg({ id: 'plans.annual-saving', message: 'Save 33%' });
const PER_MONTH = msg({ id: 'plans.per-month', message: '/month' });
const PER_YEAR = msg({ id: 'plans.per-year', message: '/year' });
export const periodLabel = (period: BillingPeriod): Message => (period === 'monthly' ? PER_MONTH : PER_YEAR);
