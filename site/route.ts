/** What a page of the site is (its path, file, titles, template); site/routes.ts lists them. */
import type { MessageDescriptor } from '@lingui/core';
import type { TemplateResult } from 'lit-html';
import type { SiteConfig } from './config.js';
import { t } from './locales.js';
import type { PageScript } from './page-scripts.js';
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
