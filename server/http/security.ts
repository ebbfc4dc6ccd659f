/**
 * Response headers that protect visitors and partners: the site's Content-Security-Policy and
 * friends on every response, and CORS for /graphql only. /ingest/* never gets CORS headers (server
 * to server, bearer token); /widgets/ files keep `Access-Control-Allow-Origin: *` in app.ts so
 * partner pages can load them as module scripts.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Third-party hosts by directive, added only when that service's ID is configured. The live chat is
 * tawk.to (its embed script, API, websocket and iframes).
 */
export const THIRD_PARTY_HOSTS: Record<'gaId' | 'pixelId' | 'chatId', Partial<Record<Directive, string[]>>> = {
  gaId: {
    'script-src': ['https://www.googletagmanager.com'],
    'connect-src': [
      'https://www.google-analytics.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
    'img-src': ['https://www.google-analytics.com', 'https://www.googletagmanager.com'],
  },
  pixelId: {
    'script-src': ['https://connect.facebook.net'],
    'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
    'img-src': ['https://www.facebook.com'],
  },
  chatId: {
    'script-src': ['https://embed.tawk.to', 'https://cdn.jsdelivr.net'],
    'connect-src': ['https://*.tawk.to', 'wss://*.tawk.to'],
    'img-src': ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
    'font-src': ['https://*.tawk.to'],
    'frame-src': ['https://*.tawk.to'],
  },
};

type Directive = 'script-src' | 'connect-src' | 'img-src' | 'font-src' | 'frame-src';

/**
 * No inline script: our pages run our files alone. `styleHashes`: the inline <style> texts allowed by
 * hash, nothing else inline: the site's CSS in each page's <head> (dist/site/style-hashes.json) and the
 * widgets' CSS that browsers without constructable stylesheets get as <style> elements
 * (dist/widgets/style-hashes.json), both from the build.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'analytics' | 'publicUrl'>,
  styleHashes: string[] = [],
): string {
  const sources: Record<Directive, string[]> = {
    'script-src': ["'self'"],
    'connect-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'frame-src': [],
  };
  for (const key of Object.keys(THIRD_PARTY_HOSTS) as (keyof typeof THIRD_PARTY_HOSTS)[]) {
    if (!config.analytics[key]) continue;
    for (const [directive, hosts] of Object.entries(THIRD_PARTY_HOSTS[key]) as [Directive, string[]][]) {
      sources[directive].push(...hosts.filter((host) => !sources[directive].includes(host)));
    }
  }
  const list = (values: string[]) => (values.length ? values.join(' ') : "'none'");
  return [
    "default-src 'self'",
    `script-src ${list(sources['script-src'])}`,
    // Widgets style their shadow roots with constructable stylesheets, which CSP does not govern.
    ["style-src 'self'", ...styleHashes].join(' '),
    `img-src ${list(sources['img-src'])}`,
    `font-src ${list(sources['font-src'])}`,
    `connect-src ${list(sources['connect-src'])}`,
    `frame-src ${list(sources['frame-src'])}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps(config.publicUrl) ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Headers for every response (computed once per configuration). */
export function securityHeaders(
  config: Pick<Config, 'analytics' | 'publicUrl'>,
  styleHashes: string[] = [],
): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(config, styleHashes)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
    ],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ...(isHttps(config.publicUrl)
      ? [['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'] as [string, string]]
      : []),
  ];
}

/**
 * The headers of a response whose address carries a secret (a partner's link, the stop link:
 * `secretInAddress` in site/routes.ts), computed once: the policy with no third party's host, whatever
 * IDs are configured (the page carries none of their IDs either), and no Referer, so the token reaches
 * no other host (CWE-598; docs/security.md).
 */
export function secretAddressHeaders(
  config: Pick<Config, 'analytics' | 'publicUrl'>,
  styleHashes: string[] = [],
): [string, string][] {
  const withoutThirdParties = { ...config, analytics: { gaId: undefined, pixelId: undefined, chatId: undefined } };
  return securityHeaders(withoutThirdParties, styleHashes).map(([name, value]) => [
    name,
    name === 'Referrer-Policy' ? 'no-referrer' : value,
  ]);
}

/**
 * The headers that govern a document, which a script, stylesheet, font or raster image ignores: left
 * off those responses, they save a phone about 500 bytes a request. Referrer-Policy too: a module script
 * or a stylesheet would apply it only to what it imports itself, our own files on our own origin, which
 * get the full URL as referrer under any policy (a script's fetch() follows the page's policy, not the
 * script's); 50 bytes more a request.
 */
const DOCUMENT_HEADERS = [
  'Content-Security-Policy',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Referrer-Policy',
];

export function dropDocumentHeaders(res: ServerResponse) {
  for (const name of DOCUMENT_HEADERS) res.removeHeader(name);
}

/**
 * The style hashes the build wrote into each of these directories (style-hashes.json: the site's and
 * the widgets'), once each; none from a directory not built (then its <style>s are not allowed).
 */
export function builtStyleHashes(...dirs: string[]): string[] {
  const hashes = dirs.flatMap((dir) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, 'style-hashes.json'), 'utf8')) as string[];
    } catch {
      return [];
    }
  });
  return [...new Set(hashes)];
}

export function applyHeaders(res: ServerResponse, headers: [string, string][]) {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/**
 * CORS for /graphql: any origin (`*`, never with credentials) unless CORS_ORIGINS lists the allowed
 * ones; preflights are cached for two hours.
 */
export function graphqlCors(req: IncomingMessage, res: ServerResponse, allowed: string[] | undefined) {
  if (allowed) {
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (!origin || !allowed.includes(origin)) return;
    res.setHeader('Access-Control-Allow-Origin', origin);
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  // What a preflight asks; an answer to the request itself needs only the origin.
  if (req.method !== 'OPTIONS') return;
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept');
  res.setHeader('Access-Control-Max-Age', '7200');
}

function isHttps(url: string | undefined): boolean {
  return url?.startsWith('https:') ?? false;
}
