/** schema.org structured data as plain objects; layout.ts writes them as JSON-LD. */
import { brand } from '../common/brand.js';
import { plans } from '../common/plans.js';
import type { SiteConfig } from './config.js';
import { faqs, faqValues } from './content/faq.js';
import { t } from './locales.js';

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
      name: t(plan.title),
      description: t(plan.description),
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
      name: t(faq.question, faqValues),
      acceptedAnswer: { '@type': 'Answer', text: t(faq.answer, faqValues) },
    })),
  };
}
