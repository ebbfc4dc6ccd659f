/** schema.org structured data as plain objects; layout.ts writes them as JSON-LD. */
import { brand } from '../common/brand.js';
import type { Message } from '../common/i18n.js';
import { i18nFor } from '../common/lingui.js';
import { plans } from '../common/plans.js';
import type { SiteConfig } from './config.js';
import { faqs } from './content/faq.js';

// English until the site is in five languages (issue 26, item 4): the plans' texts are messages now.
const en = (message: Message) => i18nFor('en')._(message);

export function organization(config: SiteConfig) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.name,
    legalName: brand.legalName,
    url: `${config.publicUrl}/`,
    logo: `${config.publicUrl}/icons/icon-512.png`,
    email: brand.supportEmail,
    address: { '@type': 'PostalAddress', addressCountry: 'NG' },
    sameAs: [brand.links.instagram, brand.links.facebook, brand.links.x, brand.links.linkedin],
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: brand.supportEmail },
  };
}

export function planOffers(config: SiteConfig) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${brand.name} online store plans`,
    description: 'An online store with inventory, orders, invoicing and local payments for Nigerian businesses.',
    brand: { '@type': 'Brand', name: brand.name },
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: en(plan.title),
      description: en(plan.description),
      price: plan.prices.monthly,
      priceCurrency: 'NGN',
      url: `${config.publicUrl}/pricing`,
      availability: 'https://schema.org/InStock',
    })),
  };
}

export function faqPage() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}
