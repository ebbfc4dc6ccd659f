/**
 * The WordPress plugin's own words, translated in locales/*.po with the rest: only what no widget or page
 * already says (a PHP string takes the translation of the message with its English:
 * scripts/wordpress-i18n.mjs, docs/embed-cms.md#languages). Read by Lingui's extraction, imported by nothing.
 */
import { msg } from '@lingui/core/macro';

export const WORDPRESS_MESSAGES = [
  // block.json titles, descriptions and keywords ("kasuwa", the brand, stays as it is).
  msg({ id: 'wordpress.block.signup.title', message: 'Kasuwa signup form' }),
  msg({ id: 'wordpress.block.rank.title', message: 'Kasuwa store rank checker' }),
  msg({ id: 'wordpress.block.pricing.title', message: 'Kasuwa pricing plans' }),
  msg({ id: 'wordpress.block.start-selling.title', message: 'Kasuwa start-selling button' }),
  msg({
    id: 'wordpress.block.signup.description',
    message: 'An e-mail signup for Kasuwa that records your partner code; works without JavaScript too.',
  }),
  msg({
    id: 'wordpress.block.rank.description',
    message: 'Lets a store owner look up their place in the Kasuwa New Year sales contest.',
  }),
  msg({
    id: 'wordpress.block.pricing.description',
    message: "Kasuwa's plans with a monthly/yearly toggle; Get Started opens the signup with your partner code.",
  }),
  msg({
    id: 'wordpress.block.start-selling.description',
    message:
      'A button that opens the Kasuwa signup dialog with your partner code (a link to the signup without JavaScript).',
  }),
  msg({ id: 'wordpress.keyword.signup', message: 'signup' }),
  msg({ id: 'wordpress.keyword.start-selling', message: 'start selling' }),
  msg({ id: 'wordpress.keyword.rank', message: 'rank' }),
  msg({ id: 'wordpress.keyword.contest', message: 'contest' }),
  msg({ id: 'wordpress.keyword.pricing', message: 'pricing' }),
  msg({ id: 'wordpress.keyword.plans', message: 'plans' }),
  msg({ id: 'wordpress.keyword.button', message: 'button' }),
  // Settings → Kasuwa (includes/settings.php).
  msg({ id: 'wordpress.settings.origin', message: 'Widget origin' }),
  msg({ id: 'wordpress.settings.partner', message: 'Partner code' }),
  msg({
    id: 'wordpress.settings.origin-help',
    message:
      'Where the widgets and their forms live. Leave it as https://kasuwa.shop unless Kasuwa tells you otherwise.',
  }),
  msg({
    id: 'wordpress.settings.partner-help',
    message:
      'Stored with every signup made through this site\'s widgets; a block or shortcode can name another one (partner="...").',
  }),
  msg({
    id: 'wordpress.settings.origin-refused',
    message:
      'The widget origin must be an https:// address with nothing after the host (e.g. https://kasuwa.shop); the previous value was kept.',
  }),
  msg({
    id: 'wordpress.settings.origin-locked',
    message:
      'Only a user allowed to publish unfiltered HTML (on a network, a Super Admin) can change the widget origin.',
  }),
  msg({
    id: 'wordpress.settings.partner-refused',
    message:
      'The partner code must be at most 512 characters, without line breaks, tabs or other control characters; the previous value was kept.',
  }),
  msg({
    id: 'wordpress.settings.usage',
    message: 'Blocks: {blocks}. Shortcodes: {shortcodes}, each with these optional attributes: {attributes}.',
  }),
  // The pricing fallback (includes/markup.php); the rest of the fallbacks are the widgets' messages.
  msg({ id: 'wordpress.pricing.per-month-note', message: 'Prices per month' }),
  msg({ id: 'wordpress.pricing.or-annual', message: 'or {price}/year' }),
  // The block editor's sidebar (assets/editor.js).
  msg({ id: 'wordpress.editor.partner', message: 'Partner code for this block (optional)' }),
  msg({ id: 'wordpress.editor.partner-help', message: 'Empty: the code from Settings → Kasuwa.' }),
  msg({ id: 'wordpress.editor.campaign', message: 'Campaign for this block (optional)' }),
  msg({
    id: 'wordpress.editor.campaign-help',
    message: 'A newsletter issue, say: your signups page counts each campaign apart.',
  }),
  msg({ id: 'wordpress.editor.period', message: 'Prices shown first' }),
  msg({ id: 'wordpress.editor.label', message: 'Name of the plans list (optional)' }),
  msg({ id: 'wordpress.editor.button-text', message: 'Button text' }),
  msg({ id: 'wordpress.editor.post-language', message: "The post's language" }),
  // The partner's signups: the setting and the dashboard widget (includes/settings.php, includes/dashboard.php).
  msg({ id: 'wordpress.signups.title', message: 'Kasuwa signups' }),
  msg({ id: 'wordpress.signups.link', message: 'Your signups link' }),
  msg({
    id: 'wordpress.signups.link-help',
    message:
      'The private link Kasuwa sent you to see your signups: with it, the dashboard shows them in the "Kasuwa signups" box. Only administrators see it.',
  }),
  msg({
    id: 'wordpress.signups.link-refused',
    message:
      'The signups link must be the https:// address Kasuwa sent you (https://kasuwa.shop/partners?t=...; http:// only for localhost); the previous value was kept.',
  }),
  // {origin}: the widget origin, e.g. https://kasuwa.shop.
  msg({
    id: 'wordpress.signups.link-off-origin',
    message:
      'Only a user allowed to publish unfiltered HTML (on a network, a Super Admin) can save a signups link that is not on the widget origin ({origin}); the previous value was kept.',
  }),
  msg({
    id: 'wordpress.signups.unavailable',
    message: 'Your Kasuwa numbers cannot be shown right now: Kasuwa did not answer. Try again in a few minutes.',
  }),
  // {link}: "Send me a new link" (the programme page's own words), to that form on the page.
  msg({
    id: 'wordpress.signups.refused',
    message:
      'This signups link no longer works: Kasuwa refused it (changed, expired or revoked). Ask for a new one by e-mail: {link}',
  }),
  msg({
    id: 'wordpress.signups.join',
    message: 'No partner code or link yet? Join the Kasuwa partner programme: {link}',
  }),
  msg({ id: 'wordpress.signups.as-of', message: 'As of {time}.' }),
  msg({
    id: 'wordpress.signups.stale',
    message: 'Kasuwa did not answer just now: these are the numbers as of {time}.',
  }),
];
