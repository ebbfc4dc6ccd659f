/** Every page of the site: its clean path, output file, titles and template. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TemplateResult } from 'lit-html';
import { escapeXml } from '../common/escape-xml.js';
import { localePath, PAGE_LOCALES, type PageLocale, splitLocale } from '../common/locale-paths.js';
import type { SiteConfig } from './config.js';
import { t } from './locales.js';
import type { PageScript } from './page-scripts.js';
import { homePage } from './pages/home.js';
import { newYearSalesPage } from './pages/new-year-sales.js';
import { notFoundPage } from './pages/not-found.js';
import { programmePage, programmeText } from './pages/partner-programme.js';
import { pricingPage } from './pages/pricing.js';
import { privacyPolicyPage } from './pages/privacy-policy.js';
import { subscriptionSuccessPage } from './pages/subscription-success.js';
import { termsPage } from './pages/terms-and-conditions.js';
import { widgetsPage } from './pages/widgets.js';
import { faqPage, planOffers } from './structured-data.js';
import type { PageStylePart } from './styles/parts.js';

/** A message, or a function giving the text in the page's language (a title made of several messages). */
export type Text = MessageDescriptor | (() => string);
export const text = (value: Text) => (typeof value === 'function' ? value() : t(value));

export type Route = {
  path: string;
  file: string;
  /** The document <title>, in the page's language (text() resolves it). */
  title: Text;
  description: Text;
  /** Page title sent with the analytics page view; none for the not-found page. */
  analyticsTitle?: string;
  status?: number;
  /** Name of the Open Graph picture in site/public/og/ (without .png). */
  ogImage?: string;
  /** False keeps the page out of the sitemap and search results. */
  indexable?: boolean;
  structuredData?: (config: SiteConfig) => object[];
  /** Where the language menu's links go, prefixed per language: the page itself unless set (a form's answer). */
  languagePath?: string;
  /** The page parts of the site's stylesheet this page uses (site/styles/parts.ts); the shared ones come anyway. */
  styles?: readonly PageStylePart[];
  /** The scripts only some pages load that this page needs (site/page-scripts.ts). */
  scripts?: readonly PageScript[];
  /**
   * Its address carries a secret (a token): the page renders without the third parties' IDs, the
   * cookie question and analytics, whatever the reader accepted, and is served with a policy that lists
   * no third-party host and sends no Referer (site/render.ts, server/http/security.ts).
   */
  secretInAddress?: true;
  /**
   * The page echoes what the reader typed (an e-mail address in a form sent back): rendered without
   * third parties as a secret page is, so no pixel's automatic matching reads the address; the server
   * sends it with the same policy (secretAddressHeaders).
   */
  personalInPage?: true;
  body: () => TemplateResult;
};

export const routes: Route[] = [
  {
    path: '/',
    file: 'index.html',
    styles: ['home'],
    title: msg({ id: 'site.home.title', message: 'Kasuwa: a free online store for Nigerian businesses' }),
    description: msg({
      id: 'site.home.description',
      message:
        'Open a free online store in minutes, take orders, manage inventory, send invoices and get paid in naira. Built for Nigerian creators and small businesses.',
    }),
    analyticsTitle: 'Home Page',
    ogImage: 'home',
    structuredData: (config) => [planOffers(config)],
    body: homePage,
  },
  {
    path: '/new-year-sales',
    file: 'new-year-sales.html',
    styles: ['home', 'campaign'],
    title: msg({
      id: 'site.newYearSales.title',
      message: 'New Year Sales: 1 month of Pro free and cash grants · Kasuwa',
    }),
    description: msg({
      id: 'site.newYearSales.description',
      message:
        'Sell more this new year with discounts, coupons and a trusted checkout. Get one month of Kasuwa Pro free and compete for cash grants of up to ₦300,000.',
    }),
    analyticsTitle: 'New Year Sales Page',
    ogImage: 'new-year-sales',
    body: newYearSalesPage,
  },
  {
    path: '/pricing',
    file: 'pricing.html',
    styles: ['home', 'pricing'],
    title: msg({ id: 'site.pricing.title', message: 'Pricing: free to start, Pro from ₦12,000 a month · Kasuwa' }),
    description: msg({
      id: 'site.pricing.description',
      message:
        'Compare the Free, Starter, Plus and Pro plans for your online store. Pay monthly or save 33% yearly, in naira. Answers to common questions included.',
    }),
    analyticsTitle: 'Pricing Page',
    ogImage: 'pricing',
    structuredData: (config) => [planOffers(config), faqPage()],
    body: pricingPage,
  },
  {
    path: '/privacy-policy',
    file: 'privacy-policy.html',
    title: msg({ id: 'site.privacy.title', message: 'Privacy Policy · Kasuwa' }),
    description: msg({
      id: 'site.privacy.description',
      message:
        'How Kasuwa collects, uses, shares and protects personal data, and your rights under the Nigeria Data Protection Act 2023.',
    }),
    analyticsTitle: 'Privacy Policy Page',
    ogImage: 'legal',
    body: privacyPolicyPage,
  },
  {
    path: '/terms-and-conditions',
    file: 'terms-and-conditions.html',
    title: msg({ id: 'site.terms.title', message: 'Terms and Conditions · Kasuwa' }),
    description: msg({
      id: 'site.terms.description',
      message:
        'The rules for using Kasuwa: eligibility, your account, what you may sell, fees, termination and Nigerian governing law.',
    }),
    analyticsTitle: 'Terms and Conditions Page',
    ogImage: 'legal',
    body: termsPage,
  },
  {
    path: '/subscription/success',
    file: 'subscription/success.html',
    title: msg({ id: 'site.subscriptionSuccess.title', message: 'Subscription Payment Successful! · Kasuwa' }),
    description: msg({
      id: 'site.subscriptionSuccess.description',
      message: 'Your Kasuwa subscription payment was successful. Return to the app to keep selling.',
    }),
    analyticsTitle: 'Mobile App Subscription Success Page',
    ogImage: 'home',
    indexable: false,
    body: subscriptionSuccessPage,
  },
  {
    path: '/widgets',
    file: 'widgets.html',
    scripts: ['embed-builder'],
    title: msg({ id: 'site.widgets.title', message: 'Embeddable widgets · Kasuwa' }),
    description: msg({
      id: 'site.widgets.description',
      message: 'Add Kasuwa signup, rank checker and pricing widgets to any page with one script tag.',
    }),
    analyticsTitle: 'Widgets',
    body: widgetsPage,
  },
  {
    path: '/partners/join',
    file: 'partners/join.html',
    title: () => `${t(programmeText.title)} · Kasuwa`,
    description: () => t(programmeText.description, { brand: 'Kasuwa' }),
    analyticsTitle: 'Partner Programme Page',
    body: programmePage,
  },
  {
    path: '/404',
    file: '404.html',
    title: msg({ id: 'site.notFound.title', message: '404 Page not found · Kasuwa' }),
    description: msg({ id: 'site.notFound.description', message: 'This page does not exist.' }),
    status: 404,
    indexable: false,
    body: notFoundPage,
  },
];

/** The page a clean path names, in the language of its prefix; the not-found page for anything else. */
export function findRoute(pathname: string): { route: Route; locale: PageLocale } {
  const { locale, path } = splitLocale(pathname);
  const clean = path !== '/' ? path.replace(/\/+$/, '') : path;
  const route =
    routes.find((r) => r.path === clean && r.status !== 404) ?? (routes.find((r) => r.status === 404) as Route);
  return { route, locale };
}

/** The page's address in one language (what its canonical link and hreflang links say). */
export const pageUrl = (config: SiteConfig, route: Route, locale: PageLocale) =>
  `${config.publicUrl}${localePath(locale, route.path)}`;

/** sitemap.xml: every indexable page in every language, each with its other languages as alternates. */
export function sitemap(config: SiteConfig): string {
  const urls = routes
    .filter((route) => route.status !== 404 && route.indexable !== false)
    .flatMap((route) => {
      const alternates = [
        ...PAGE_LOCALES.map(
          (other) =>
            `    <xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(pageUrl(config, route, other))}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(config, route, 'en'))}"/>`,
      ].join('\n');
      return PAGE_LOCALES.map(
        (locale) => `  <url>\n    <loc>${escapeXml(pageUrl(config, route, locale))}</loc>\n${alternates}\n  </url>`,
      );
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(config: SiteConfig): string {
  const subscription = PAGE_LOCALES.map((locale) => `Disallow: ${localePath(locale, '/subscription/')}\n`).join('');
  return `User-agent: *\nAllow: /\n${subscription}\nSitemap: ${config.publicUrl}/sitemap.xml\n`;
}
