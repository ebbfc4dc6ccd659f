/**
 * The welcome e-mail's words, as Lingui messages (docs/languages.md): welcome.ts renders them in the
 * signup's language with translatorFor(locale). Brand facts come in as values, from common/brand.ts.
 */
import { msg } from '@lingui/core/macro';

export const WELCOME = {
  subject: msg({ id: 'mail.welcome.subject', message: 'Your {brand} store: download the app and start selling' }),
  title: msg({ id: 'mail.welcome.title', message: 'Welcome to {brand}!' }),
  tagline: msg({ id: 'mail.welcome.tagline', message: 'Your online store, built for how Nigeria sells' }),
  intro: msg({ id: 'mail.welcome.intro', message: 'Download the app to open your free store:' }),
  download: msg({ id: 'mail.welcome.download', message: 'Download the app:' }),
  android: msg({ id: 'mail.welcome.android', message: 'Android (Google Play)' }),
  iphone: msg({ id: 'mail.welcome.iphone', message: 'iPhone (App Store)' }),
  googlePlay: msg({ id: 'mail.welcome.google-play', message: 'Get it on Google Play' }),
  appStore: msg({ id: 'mail.welcome.app-store', message: 'Download on the App Store' }),
  setup: msg({ id: 'mail.welcome.setup', message: 'Set up your store in minutes' }),
  steps: [
    msg({ id: 'mail.welcome.step-install', message: 'Install the {brand} app from Google Play or the App Store.' }),
    msg({
      id: 'mail.welcome.step-create',
      message: 'Open it and create your store: a business name and an account number are all it takes.',
    }),
    msg({
      id: 'mail.welcome.step-products',
      message: 'Add your products: photos, prices in naira and variants such as size or colour.',
    }),
    msg({
      id: 'mail.welcome.step-share',
      message:
        'Share your store link ({storeLink}) with your customers on WhatsApp, Instagram and everywhere you sell.',
    }),
  ],
  questions: msg({ id: 'mail.welcome.questions', message: 'Questions? Write to {email} or visit {helpCenter}.' }),
  helpCenter: msg({ id: 'mail.welcome.help-center', message: 'our help center' }),
  // Why it came, and the way out (docs/signups.md, "Privacy"): {time} is Lagos time in the en-NG format.
  whySite: msg({
    id: 'mail.welcome.why-site',
    message: 'You are getting this e-mail because this address was entered on {site} on {time} (Lagos time).',
  }),
  whyPartner: msg({
    id: 'mail.welcome.why-partner',
    message:
      "You are getting this e-mail because this address was entered on a partner's page ({page}) on {time} (Lagos time).",
  }),
  notYou: msg({
    id: 'mail.welcome.not-you',
    message: "Wasn't you, or want no more e-mails? Stop every e-mail from us to this address:",
  }),
  stopLink: msg({ id: 'mail.welcome.stop-link', message: "This wasn't me: stop e-mails" }),
};
