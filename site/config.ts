/**
 * What the static pages need from the deployment, read from the environment when the pages are
 * rendered (at build time, or per request in dev); scripts/build.mjs folds the same variables into its
 * fingerprint, so `npm start` re-renders when one changes. The client script reads the IDs from <meta>
 * tags (no inline scripts, so a strict CSP holds). Which variables: common/config-variables.ts.
 */
import { type ConfigVariableName, SITE_VARIABLE_NAMES } from '../common/config-variables.js';

export type SiteConfig = {
  /** Absolute origin for canonical URLs, Open Graph and the sitemap, without a trailing slash. */
  publicUrl: string;
  production: boolean;
  gaId?: string;
  pixelId?: string;
  chatId?: string;
};

/** The environment variables the rendered pages depend on (also hashed by scripts/build.mjs). */
export const SITE_ENV_VARS = SITE_VARIABLE_NAMES;

export const DEFAULT_PUBLIC_URL = 'https://kasuwa.shop';

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
