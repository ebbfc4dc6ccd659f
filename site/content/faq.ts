/** The pricing page's FAQ, also published as FAQPage structured data. */
import { brand } from '../../common/brand.js';
import { formatNaira } from '../../common/money.js';
import { plans } from '../../common/plans.js';

export type Faq = { question: string; answer: string };

const paid = plans.filter((plan) => !plan.free);
const lowest = Math.min(...paid.map((plan) => plan.prices.monthly));
const highest = Math.max(...paid.map((plan) => plan.prices.monthly));

export const faqs: Faq[] = [
  {
    question: `What does ${brand.name} do for my business?`,
    answer: `${brand.name} creates a website for your store, lets you add your products, posts them to your business's social media page and helps you answer your customers' direct messages. It also manages your inventory and orders and handles invoicing, checkout, discounts and coupons, all from one app.`,
  },
  {
    question: 'Can I run more than one store under one account?',
    answer:
      'Yes. One account can hold several stores, for example a fashion store and a skincare store, each with its own products, orders and website address.',
  },
  {
    question: 'How do I add a new store?',
    answer:
      'Log in to the app, open the More tab and choose Account, then tap Add New Store. Enter the store name, industry, domain name and the other details, then save. Your new store is ready to stock.',
  },
  {
    question: 'What do I need to open a store?',
    answer:
      'Only a business name and an account number for your payouts. No CAC documents, no developer and no upfront payment are needed to start.',
  },
  {
    question: 'Is the store website really free?',
    answer: `Yes. Creating your website is free, and the Free plan stays free: your store lives at yourname.${brand.storeDomainSuffix} and you can share the link on WhatsApp, Instagram and TikTok straight away.`,
  },
  {
    question: 'When do I get paid for sales on my website?',
    answer:
      'You can request a payout at any time. Payouts are processed immediately and paid into your bank account within one business day.',
  },
  {
    question: 'How much do the paid plans cost?',
    answer: `There are 3 predefined tiers, from ${formatNaira(lowest)} to ${formatNaira(highest)} a month: Starter, Plus and Pro. Paying yearly costs ten months' price for twelve months of service.`,
  },
  {
    question: 'Can I change or cancel my plan later?',
    answer:
      'Yes. Upgrade when your business grows or go back to the Free plan at any time from the app; your products and orders stay where they are.',
  },
  {
    question: 'Which payment methods can my customers use?',
    answer:
      'Your customers pay with Nigerian cards, bank transfer or USSD through our licensed local payment partners, and every payment is confirmed in your order list automatically.',
  },
  {
    question: 'How do I get help if I am stuck?',
    answer: `Write to ${brand.supportEmail}, chat with us from the website, or read the step-by-step guides in our Help Center. Real people answer, Monday to Saturday.`,
  },
];
