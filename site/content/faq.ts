/** The pricing page's FAQ, also published as FAQPage structured data. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { brand } from '../../common/brand.js';
import { formatNaira } from '../../common/money.js';
import { plans } from '../../common/plans.js';

export type Faq = { question: MessageDescriptor; answer: MessageDescriptor };

const paid = plans.filter((plan) => !plan.free);

/** The values the answers name (t(faq.answer, faqValues)). */
export const faqValues = {
  brand: brand.name,
  domain: brand.storeDomainSuffix,
  email: brand.supportEmail,
  lowest: formatNaira(Math.min(...paid.map((plan) => plan.prices.monthly))),
  highest: formatNaira(Math.max(...paid.map((plan) => plan.prices.monthly))),
};

export const faqs: Faq[] = [
  {
    question: msg({ id: 'site.faq.01.question', message: 'What does {brand} do for my business?' }),
    answer: msg({
      id: 'site.faq.01.answer',
      message:
        "{brand} creates a website for your store, lets you add your products, posts them to your business's social media page and helps you answer your customers' direct messages. It also manages your inventory and orders and handles invoicing, checkout, discounts and coupons, all from one app.",
    }),
  },
  {
    question: msg({ id: 'site.faq.02.question', message: 'Can I run more than one store under one account?' }),
    answer: msg({
      id: 'site.faq.02.answer',
      message:
        'Yes. One account can hold several stores, for example a fashion store and a skincare store, each with its own products, orders and website address.',
    }),
  },
  {
    question: msg({ id: 'site.faq.03.question', message: 'How do I add a new store?' }),
    answer: msg({
      id: 'site.faq.03.answer',
      message:
        'Log in to the app, open the More tab and choose Account, then tap Add New Store. Enter the store name, industry, domain name and the other details, then save. Your new store is ready to stock.',
    }),
  },
  {
    question: msg({ id: 'site.faq.04.question', message: 'What do I need to open a store?' }),
    answer: msg({
      id: 'site.faq.04.answer',
      message:
        'Only a business name and an account number for your payouts. No CAC documents, no developer and no upfront payment are needed to start.',
    }),
  },
  {
    question: msg({ id: 'site.faq.05.question', message: 'Is the store website really free?' }),
    answer: msg({
      id: 'site.faq.05.answer',
      message:
        'Yes. Creating your website is free, and the Free plan stays free: your store lives at yourname.{domain} and you can share the link on WhatsApp, Instagram and TikTok straight away.',
    }),
  },
  {
    question: msg({ id: 'site.faq.06.question', message: 'When do I get paid for sales on my website?' }),
    answer: msg({
      id: 'site.faq.06.answer',
      message:
        'You can request a payout at any time. Payouts are processed immediately and paid into your bank account within one business day.',
    }),
  },
  {
    question: msg({ id: 'site.faq.07.question', message: 'How much do the paid plans cost?' }),
    answer: msg({
      id: 'site.faq.07.answer',
      message:
        "There are 3 predefined tiers, from {lowest} to {highest} a month: Starter, Plus and Pro. Paying yearly costs ten months' price for twelve months of service.",
    }),
  },
  {
    question: msg({ id: 'site.faq.08.question', message: 'Can I change or cancel my plan later?' }),
    answer: msg({
      id: 'site.faq.08.answer',
      message:
        'Yes. Upgrade when your business grows or go back to the Free plan at any time from the app; your products and orders stay where they are.',
    }),
  },
  {
    question: msg({ id: 'site.faq.09.question', message: 'Which payment methods can my customers use?' }),
    answer: msg({
      id: 'site.faq.09.answer',
      message:
        'Your customers pay with Nigerian cards, bank transfer or USSD through our licensed local payment partners, and every payment is confirmed in your order list automatically.',
    }),
  },
  {
    question: msg({ id: 'site.faq.10.question', message: 'How do I get help if I am stuck?' }),
    answer: msg({
      id: 'site.faq.10.answer',
      message:
        'Write to {email}, chat with us from the website, or read the step-by-step guides in our Help Center. Real people answer, Monday to Saturday.',
    }),
  },
];
