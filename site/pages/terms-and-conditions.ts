import { msg } from '@lingui/core/macro';
import { brand } from '../../common/brand.js';
import { type LegalSection, legalDocument } from './legal.js';

const b = brand.name;

export const termsSections: LegalSection[] = [
  {
    id: 'acceptance',
    title: msg({ id: 'site.terms.section.acceptance', message: 'Acceptance of these terms' }),
    paragraphs: [
      `These terms are an agreement between you and ${brand.legalName} ("${b}", "we", "us"). By creating an account, opening a store or using our website or app you accept them. If you do not agree, do not use ${b}.`,
    ],
  },
  {
    id: 'eligibility',
    title: msg({ id: 'site.terms.section.eligibility', message: 'Eligibility' }),
    paragraphs: [
      `You must be at least 18 years old to use ${b}. When you register you must give accurate, current and complete information, including your business name and the bank account number for payouts, and keep it up to date.`,
    ],
  },
  {
    id: 'account',
    title: msg({ id: 'site.terms.section.account', message: 'Your account responsibilities' }),
    paragraphs: [
      'You are responsible for keeping your login details secret and for everything done through your account, including by staff you give access to. Tell us at once if you think someone else has used your account.',
    ],
  },
  {
    id: 'platform-use',
    title: msg({ id: 'site.terms.section.platform-use', message: 'Using the platform and prohibited items' }),
    paragraphs: [
      `Use ${b} only for lawful business. You may not sell or advertise items that Nigerian law prohibits or restricts, including firearms, illegal drugs, counterfeit goods, stolen property, unlicensed medicines, and anything that infringes someone else's rights. You may not use ${b} for fraud, spam or to harm our systems.`,
      'You are responsible for describing your products honestly, delivering what you sell, and handling returns and complaints from your customers fairly.',
    ],
  },
  {
    id: 'content',
    title: msg({ id: 'site.terms.section.content', message: 'Your content' }),
    paragraphs: [
      `You own the products, photos, descriptions and other content you upload. You give ${b} a licence to host, display and share that content as needed to run your store, including posting it to your linked social media pages when you ask us to. You confirm you have the right to use everything you upload.`,
    ],
  },
  {
    id: 'fees',
    title: msg({ id: 'site.terms.section.fees', message: 'Fees and payments' }),
    paragraphs: [
      'The Free plan costs nothing. Paid plans are billed in naira, monthly or yearly, at the prices on our pricing page at the time you subscribe, and renew automatically until you cancel. Payment processing fees, where they apply, are shown before you accept a payment method. Payouts can be requested at any time and are paid to your bank account within one business day.',
    ],
  },
  {
    id: 'termination',
    title: msg({ id: 'site.terms.section.termination', message: 'Suspension and termination' }),
    paragraphs: [
      'You may close your account at any time. We may suspend or terminate your account if you break these terms, if we are required to by law, or to protect shoppers, other vendors or the platform. Where we can, we will tell you why and give you a chance to fix the problem and to download your data.',
    ],
  },
  {
    id: 'liability',
    title: msg({ id: 'site.terms.section.liability', message: 'Limitation of liability' }),
    paragraphs: [
      `We work hard to keep ${b} available and accurate, but the service is provided "as is". To the extent the law allows, we are not liable for indirect losses, lost profits or the acts of vendors, shoppers, payment partners or delivery companies, and our total liability to you is limited to the fees you paid us in the 12 months before the claim.`,
    ],
  },
  {
    id: 'privacy',
    title: msg({ id: 'site.terms.section.privacy', message: 'Privacy' }),
    paragraphs: [
      `Our Privacy Policy explains how we handle personal data in line with the Nigeria Data Protection Act 2023. As a vendor you must also handle your shoppers' personal data lawfully.`,
    ],
  },
  {
    id: 'intellectual-property',
    title: msg({ id: 'site.terms.section.intellectual-property', message: 'Intellectual property' }),
    paragraphs: [
      `The ${b} name, logo, website, app and software belong to ${brand.legalName}. You may not copy, modify or resell them, or use our brand in a way that suggests we endorse you, without our written permission.`,
    ],
  },
  {
    id: 'modifications',
    title: msg({ id: 'site.terms.section.modifications', message: 'Changes to the service and these terms' }),
    paragraphs: [
      'We may change features, plans and these terms. We will post the updated terms here and give store owners reasonable notice of material changes. Continuing to use the service after changes take effect means you accept them.',
    ],
  },
  {
    id: 'governing-law',
    title: msg({ id: 'site.terms.section.governing-law', message: 'Governing law' }),
    paragraphs: [
      `These terms are governed by the laws of the Federal Republic of Nigeria. Disputes will first be discussed in good faith; if they cannot be settled within 30 days, the courts of Lagos State, Nigeria, have jurisdiction. Questions about these terms: ${brand.supportEmail}.`,
    ],
  },
];

export function termsPage() {
  return legalDocument(
    msg({ id: 'site.terms.heading', message: 'Terms and Conditions' }),
    '1 November 2026',
    `These terms explain the rules for using ${b}: who can open a store, what you can sell, what you pay and what each of us is responsible for.`,
    termsSections,
  );
}
