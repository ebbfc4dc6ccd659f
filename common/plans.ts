/**
 * The subscription plans, shared by <pricing-plans>, the site's fallback price table and its structured
 * data. Prices are naira; Starter is ₦2,000 a month or ₦30,000 a year: the explicit annual figure, not
 * ten times the monthly price (docs/site.md).
 */
export type BillingPeriod = 'monthly' | 'annual';

export type Plan = {
  id: 'free' | 'starter' | 'plus' | 'pro';
  title: string;
  description: string;
  prices: { monthly: number; annual: number };
  benefits: string[];
  free: boolean;
  recommended: boolean;
};

const SMALL = 'For small businesses';
const MEDIUM = 'For medium-sized enterprises';

const starterLimits = [
  '40 products with multiple variants',
  '10 collections',
  '10 manual orders per month',
  '30 invoices and receipts per month',
  'Limit how often coupons can be used',
];

export const plans: Plan[] = [
  {
    id: 'free',
    title: 'Free',
    description: SMALL,
    prices: { monthly: 0, annual: 0 },
    benefits: ['20 products with 3 variants each', '5 manual orders per month', '10 invoices and receipts per month'],
    free: true,
    recommended: false,
  },
  {
    id: 'starter',
    title: 'Starter',
    description: SMALL,
    prices: { monthly: 2_000, annual: 30_000 },
    benefits: starterLimits,
    free: false,
    recommended: false,
  },
  {
    id: 'plus',
    title: 'Plus',
    description: SMALL,
    prices: { monthly: 6_000, annual: 60_000 },
    benefits: starterLimits,
    free: false,
    recommended: false,
  },
  {
    id: 'pro',
    title: 'Pro',
    description: MEDIUM,
    prices: { monthly: 12_000, annual: 120_000 },
    benefits: [
      'Unlimited products and variants',
      'Unlimited collections',
      'Unlimited manual orders',
      'Unlimited invoices and receipts',
      'Unlimited coupons and bulk editing',
      'Detailed analytics',
      'Total control over coupon usage',
    ],
    free: false,
    recommended: true,
  },
];

export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'annual';
export const ANNUAL_SAVING_LABEL = 'Save 33%';
export const periodLabel = (period: BillingPeriod): string => (period === 'monthly' ? '/month' : '/year');

/** The campaign page's promo compares this free Basic plan with Pro. */
export const basicPromoPlan = { title: 'Basic', monthly: 0 };
