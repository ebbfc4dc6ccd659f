/**
 * What the pages need from the deployment: the server hands its configuration to the site's renderers
 * at start (site/page-renderers.ts), which render every page into memory; the build renders dist/ with
 * none of it. The client script reads the IDs from <meta> tags (no inline scripts, so a strict CSP
 * holds). Which variables: common/config-variables.ts (`site`).
 */
import { SITE_URL } from '../common/brand.js';
import type { ConfigVariableName } from '../common/config-variables.js';

export type SiteConfig = {
  /** Absolute origin for canonical URLs, Open Graph and the sitemap, without a trailing slash. */
  publicUrl: string;
  production: boolean;
  gaId?: string;
  pixelId?: string;
  chatId?: string;
};

export const DEFAULT_PUBLIC_URL: string = SITE_URL;

export function siteConfigFromEnv(
  env: Partial<Record<ConfigVariableName, string>> = process.env as Partial<Record<ConfigVariableName, string>>,
): SiteConfig {
  return {
    publicUrl: (env.PUBLIC_URL || DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    production: env.NODE_ENV === 'production',
    gaId: env.GA_MEASUREMENT_ID || undefined,
    pixelId: env.META_PIXEL_ID || undefined,
    chatId: env.CHAT_WIDGET_ID || undefined,
  };
}
