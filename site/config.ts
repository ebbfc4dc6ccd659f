/**
 * What the static pages need from the deployment, read from the environment when the pages are
 * rendered (at build time, or per request in dev). scripts/build.mjs folds the same variables into
 * its fingerprint, so `npm start` re-renders when one changes. The client script reads the IDs from
 * <meta> tags (no inline scripts, so a strict CSP holds).
 */
export type SiteConfig = {
  /** Absolute origin for canonical URLs, Open Graph and the sitemap, without a trailing slash. */
  publicUrl: string;
  production: boolean;
  gaId?: string;
  pixelId?: string;
  chatId?: string;
};

/** The environment variables the rendered pages depend on (also hashed by scripts/build.mjs). */
export const SITE_ENV_VARS = [
  'PUBLIC_URL',
  'NODE_ENV',
  'GA_MEASUREMENT_ID',
  'META_PIXEL_ID',
  'CHAT_WIDGET_ID',
] as const;

export const DEFAULT_PUBLIC_URL = 'https://kasuwa.shop';

export function siteConfigFromEnv(env: Record<string, string | undefined> = process.env): SiteConfig {
  return {
    publicUrl: (env.PUBLIC_URL || DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    production: env.NODE_ENV === 'production',
    gaId: env.GA_MEASUREMENT_ID || undefined,
    pixelId: env.META_PIXEL_ID || undefined,
    chatId: env.CHAT_WIDGET_ID || undefined,
  };
}
