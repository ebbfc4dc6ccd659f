import { msg } from '@lingui/core/macro';
import { brand } from '../../common/brand.js';
import { UNCONFIRMED_KEPT_DAYS } from '../../common/partner-programme.js';
import { consentSettingsParagraph } from '../parts/consent.js';
import { type LegalSection, legalDocument } from './legal.js';

const b = brand.name;

export const privacySections: LegalSection[] = [
  {
    id: 'scope',
    title: msg({ id: 'site.privacy.section.scope', message: 'Scope of this policy' }),
    paragraphs: [
      `This policy explains how ${brand.legalName} ("${b}", "we", "us") collects, uses, shares and protects personal data when you visit our website, use the ${b} mobile app, open an online store on ${b}, or buy from a store that runs on ${b}.`,
      'It applies to store owners (vendors), their shoppers and anyone who contacts us. It does not cover websites or services of other companies, even when you reach them through a link on our pages.',
    ],
  },
  {
    id: 'controller',
    title: msg({ id: 'site.privacy.section.controller', message: 'Who is responsible for your data' }),
    paragraphs: [
      `${brand.legalName}, a company registered in Nigeria, is the data controller for the personal data described here. Where a vendor collects data from their own shoppers through a ${b} store, the vendor is the controller of that data and we process it on the vendor's behalf.`,
    ],
  },
  {
    id: 'information-collected',
    title: msg({ id: 'site.privacy.section.information-collected', message: 'Information we collect' }),
    paragraphs: [
      'Information you give us: your e-mail address when you ask for a download link; your name, phone number, business name, bank account number and store details when you open a store; products, prices, orders, invoices and customer details you enter; and messages you send to our support team.',
      'Information collected automatically: device and browser type, IP address, pages visited, the time of your visit, and app usage events. Payment card details are handled by our licensed payment partners; we never see or store full card numbers.',
      'If you join our partner programme: your e-mail address, the website or social handle you gave, your partner code, the language you chose for our e-mails, and when you asked, confirmed and (if it happens) were disabled. We use them only to send you the confirmation link and your private partner link, and to show you the signups your code brought. Your partner page shows counts per week, page and campaign, never who signed up.',
    ],
  },
  {
    id: 'how-collected',
    title: msg({ id: 'site.privacy.section.how-collected', message: 'How we collect information' }),
    paragraphs: [
      'We collect information directly from you through forms on our website and in the app, automatically through cookies and similar technologies, and from payment partners who confirm transactions made in your store.',
    ],
  },
  {
    id: 'cookies',
    title: msg({ id: 'site.privacy.section.cookies', message: 'Cookies and similar technologies' }),
    paragraphs: [
      'Before you answer our cookie question, our website sets no cookie and stores nothing in your browser except your answer. The answer is kept in your browser (local storage, not a cookie) for 12 months: the categories you accepted, the date, a version and a random identifier, nothing that names you. We ask again after 12 months, or sooner when the services below change. So that we can show you consented, our server also records each answer with the same details and the language of the page, without your IP address or anything else that names you, and deletes that record a year after the answer stops being valid.',
      'Only with your consent: Analytics, Google Analytics (Google Ireland Limited), which sets the _ga, _ga_<id> and _gid cookies to count visits and to see which pages are read and which buttons are pressed (up to 2 years). Marketing, the Meta pixel (Meta Platforms Ireland Limited), which sets the _fbp cookie to measure whether our adverts on Facebook and Instagram bring visitors (90 days). Chat, the live chat by tawk.to, which loads only when you press Chat with us and sets its own cookies to keep your conversation open between pages.',
      "Our widgets on partners' websites set no cookie and store nothing in your browser.",
      'You can change or withdraw your choice at any time, as easily as you gave it, with Cookie settings at the bottom of every page or the link below; withdrawing removes the cookies these services set on our domain. You can also block or delete cookies in your browser settings; the website works the same without them.',
    ],
    after: consentSettingsParagraph,
  },
  {
    id: 'do-not-track',
    title: msg({ id: 'site.privacy.section.do-not-track', message: 'Do Not Track signals' }),
    paragraphs: [
      'Some browsers send a "Do Not Track" signal. There is no common standard for how a website should respond to it, and our website does not honour Do Not Track signals: we treat visits the same whether or not the signal is sent. You can still refuse cookies as described in section 5 and opt out as described in section 12.',
    ],
  },
  {
    id: 'use',
    title: msg({ id: 'site.privacy.section.use', message: 'How we use your information' }),
    paragraphs: [
      'We use your information to send you the app download link and setup instructions you asked for; to create and run your store and website; to process orders, invoices and payouts; to provide customer support; to keep the platform secure and prevent fraud; to run contests such as the New Year Sales leaderboard; to understand how our website and app are used so we can improve them; and, with your consent, to send you news and offers.',
    ],
  },
  {
    id: 'legal-basis',
    title: msg({ id: 'site.privacy.section.legal-basis', message: 'Legal basis for processing' }),
    paragraphs: [
      'We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the regulations of the Nigeria Data Protection Commission. We rely on the performance of our contract with you, your consent (which you may withdraw at any time), our legitimate interests in running a secure and useful service, and compliance with legal obligations such as tax and anti-fraud rules.',
    ],
  },
  {
    id: 'sharing',
    title: msg({ id: 'site.privacy.section.sharing', message: 'How we share your information' }),
    paragraphs: [
      'We do not sell personal data. We share it only with payment processors and banks to complete payments and payouts; with hosting, e-mail, analytics and customer-support providers who work for us under contract; with delivery partners when you choose to use them; with authorities when the law requires it; and with a buyer if our business is sold, under the same protections.',
      `Store pages and the products on them are public by design. Contest rankings are shown anonymously.`,
    ],
  },
  {
    id: 'transfers',
    title: msg({ id: 'site.privacy.section.transfers', message: 'Transfers outside Nigeria' }),
    paragraphs: [
      'Some of our providers store data outside Nigeria. When that happens we make sure the transfer is permitted under the NDPA, for example because the destination offers adequate protection or because the provider is bound by appropriate contractual safeguards.',
    ],
  },
  {
    id: 'retention',
    title: msg({ id: 'site.privacy.section.retention', message: 'How long we keep your information' }),
    paragraphs: [
      'We keep your account and store data while your account is open. After you close it we keep transaction records for as long as Nigerian tax and accounting law requires (usually six years) and delete or anonymise the rest within 90 days. Sign-up e-mails for the download link are deleted after two years without activity.',
      `A partner record is kept while you are a partner, and erased when you ask us (section 13). A request you never confirmed holds its code for 48 hours; after that anyone may take the code, and ${UNCONFIRMED_KEPT_DAYS} days after you made it we delete it (your address, website and code). The signup counts a code brought name nobody and stay after an erasure, so that code is not given to someone else.`,
    ],
  },
  {
    id: 'opt-out',
    title: msg({ id: 'site.privacy.section.opt-out', message: 'Your choices and opting out' }),
    paragraphs: [
      'Every marketing e-mail has an unsubscribe link. You can turn off app notifications in your phone settings, refuse cookies in your browser, and ask us by e-mail to stop using your data for marketing. Opting out of marketing does not stop messages we must send to run your account, such as payout confirmations.',
      'Every e-mail we send, the welcome e-mail with the download link included, says why you received it and ends with a personal link, "This wasn\'t me: stop e-mails". It opens a page with one button; pressing it stops every e-mail from us to that address at once, with no login, and cancels any e-mail still waiting to go to it. Mail apps that show an "Unsubscribe" button use the same link. If the address is entered on our site again, we will not e-mail it.',
    ],
  },
  {
    id: 'access',
    title: msg({ id: 'site.privacy.section.access', message: 'Access, correction and your other rights' }),
    paragraphs: [
      'Under the NDPA you have the right to be informed, to access the personal data we hold about you, to have it corrected or deleted, to restrict or object to processing, to data portability, and to withdraw consent. Most store details can be edited in the app; for anything else, write to us and we will reply within 30 days. You may also complain to the Nigeria Data Protection Commission.',
      `To see what we hold about your e-mail address, or to have it erased, write to ${brand.supportEmail} from that address with "Privacy" in the subject. We send you everything stored about it (your sign-up requests with their times and the page they came from, the e-mails we sent or queued, and your partner record if you joined the partner programme), or erase it all; after an erasure we keep only a one-way code of the address, which cannot be turned back into it, so that we never e-mail it again.`,
    ],
  },
  {
    id: 'security',
    title: msg({ id: 'site.privacy.section.security', message: 'How we protect your information' }),
    paragraphs: [
      'We use encryption in transit (HTTPS), access controls, regular backups and monitoring. Only staff who need your data to help you can see it. No system is perfectly secure; if a breach affects your data we will tell you and the Nigeria Data Protection Commission as the law requires.',
    ],
  },
  {
    id: 'children',
    title: msg({ id: 'site.privacy.section.children', message: 'Children under 18' }),
    paragraphs: [
      `${b} is for people aged 18 and over. We do not knowingly collect personal data from anyone under 18. If you believe a child has given us personal data, contact us and we will delete it.`,
    ],
  },
  {
    id: 'third-party-links',
    title: msg({ id: 'site.privacy.section.third-party-links', message: 'Links to third-party websites' }),
    paragraphs: [
      'Our website and vendor stores may link to other websites and apps, such as social networks, app stores and our help center provider. Their privacy practices are their own; please read their policies.',
    ],
  },
  {
    id: 'changes',
    title: msg({ id: 'site.privacy.section.changes', message: 'Changes to this policy' }),
    paragraphs: [
      'We may update this policy as our service or the law changes. We will post the new version here with a new date and, for significant changes, tell store owners by e-mail or in the app before they take effect.',
    ],
  },
  {
    id: 'contact',
    title: msg({ id: 'site.privacy.section.contact', message: 'Contact us' }),
    paragraphs: [
      `For questions about this policy or your personal data, write to our data protection team at ${brand.supportEmail} with "Privacy" in the subject, or write to ${brand.legalName}, Lagos, Nigeria.`,
    ],
  },
];

export function privacyPolicyPage() {
  return legalDocument(
    msg({ id: 'site.privacy.heading', message: 'Privacy Policy' }),
    '1 November 2026',
    `Your trust matters to us. This policy says in plain words what personal data ${b} collects, why, who we share it with and what rights you have under the Nigeria Data Protection Act 2023.`,
    privacySections,
  );
}
