/**
 * Every brand fact lives here and nowhere else. The site, the widgets, the e-mails and
 * the server read them from this module; values that differ per deployment come from the environment
 * on the server side (see server/config.ts) and default to these.
 */
export const brand = {
  name: 'Kasuwa',
  initials: 'KS',
  legalName: 'Kasuwa Technologies Limited',
  tagline: 'Your online store, built for how Nigeria sells',
  supportEmail: 'support@kasuwa.shop',
  storeDomainSuffix: 'kasuwa.shop',
  links: {
    helpCenter: 'https://help.kasuwa.shop',
    demoStore: 'https://demo.kasuwa.shop',
    googlePlay: 'https://play.google.com/store/apps/details?id=shop.kasuwa.app',
    appStore: 'https://apps.apple.com/ng/app/kasuwa-online-store/id6450000000',
    instagram: 'https://www.instagram.com/kasuwa.shop',
    facebook: 'https://www.facebook.com/kasuwa.shop',
    x: 'https://x.com/kasuwashop',
    linkedin: 'https://www.linkedin.com/company/kasuwa-shop',
  },
} as const;

export type Brand = typeof brand;

// The server's and the site's brand facts, apart from `brand`, which the widgets bundle whole: a new fact
// there changes the bytes of a released widgets version (widgets/versions.built.test.ts).
/** The site's address when PUBLIC_URL is unset (canonical links, security.txt). */
export const SITE_URL = 'https://kasuwa.shop';
/** Where vulnerabilities are reported (/.well-known/security.txt, docs/security.md). */
export const SECURITY_EMAIL = 'security@kasuwa.shop';
