/**
 * The embed builder's section (docs/embedding.md, "The embed builder"), on /widgets and on a partner's
 * own page: its form and live preview are for site/client/embed-builder.ts and stay hidden without it;
 * the five snippets are rendered here with the default choice, so a reader without JavaScript has them.
 * The texts the script shows later come with the page, in its language, as data attributes.
 */
import { msg } from '@lingui/core/macro';
import { html, nothing } from 'lit-html';
import { PINNED_WIDGETS } from '../../common/widgets-pinned.js';
import { DEFAULT_PUBLIC_URL } from '../config.js';
import { LANGUAGE_NAMES, PAGE_LOCALES, pageConfig, t } from '../locales.js';
import {
  BUILDER_TAGS,
  type BuilderTag,
  COLOUR_PROPERTIES,
  type ColourProperty,
  defaultChoice,
  FLAVOURS,
  type Flavour,
  PLACEHOLDER_PARTNER,
  RADIUS_DEFAULT,
  snippets,
  type WordPressLabels,
} from './snippets.js';

const builderText = {
  heading: msg({ id: 'site.builder.heading', message: 'Build your widget' }),
  intro: msg({
    id: 'site.builder.intro',
    message: 'Choose a widget, its language and colours, see it live, then copy the code for your site.',
  }),
  noScript: msg({
    id: 'site.builder.noScript',
    message:
      'The code below shows the signup form with the usual colours. Change the attributes by hand, or turn on JavaScript to build it here.',
  }),
  widget: msg({ id: 'site.builder.widget', message: 'Widget' }),
  form: msg({ id: 'site.builder.tag.form', message: 'Signup form' }),
  modal: msg({ id: 'site.builder.tag.modal', message: 'Start Selling button with its dialog' }),
  rank: msg({ id: 'site.builder.tag.rank', message: 'Store rank checker' }),
  pricing: msg({ id: 'site.builder.tag.pricing', message: 'Pricing plans' }),
  language: msg({ id: 'site.builder.language', message: 'Language' }),
  followPage: msg({ id: 'site.builder.followPage', message: 'Follow the page' }),
  codeLegend: msg({ id: 'site.builder.codeLegend', message: 'Partner code and campaign' }),
  partner: msg({ id: 'site.builder.partner', message: 'Your partner code' }),
  yourCode: msg({ id: 'site.builder.yourCode', message: 'Your partner code: {code}' }),
  campaign: msg({ id: 'site.builder.campaign', message: 'Campaign (optional)' }),
  campaignHint: msg({
    id: 'site.builder.campaignHint',
    message:
      'A newsletter issue or a post, say: your signups page counts each campaign apart. The rank checker takes none.',
  }),
  looks: msg({ id: 'site.builder.looks', message: 'Colours and corners' }),
  primary: msg({ id: 'site.builder.primary', message: 'Buttons and links' }),
  primaryContrast: msg({ id: 'site.builder.primaryContrast', message: 'Text on buttons' }),
  text: msg({ id: 'site.builder.text', message: 'Text' }),
  muted: msg({ id: 'site.builder.muted', message: 'Secondary text' }),
  surface: msg({ id: 'site.builder.surface', message: 'Field and card background' }),
  radius: msg({ id: 'site.builder.radius', message: 'Corner radius (px)' }),
  reset: msg({ id: 'site.builder.reset', message: 'Back to the usual colours' }),
  contrastOk: msg({ id: 'site.builder.contrastOk', message: 'Every text has a contrast of 4.5:1 or more (WCAG AA).' }),
  contrastLow: msg({
    id: 'site.builder.contrastLow',
    message: 'Low contrast: {text} on {background} is {ratio}:1, under the 4.5:1 that WCAG AA asks for text.',
  }),
  preview: msg({ id: 'site.builder.preview', message: 'Preview' }),
  width: msg({ id: 'site.builder.width', message: 'Preview width' }),
  phone: msg({ id: 'site.builder.phone', message: 'Phone (360 px)' }),
  desktop: msg({ id: 'site.builder.desktop', message: 'Desktop (full width)' }),
  previewTitle: msg({ id: 'site.builder.previewTitle', message: 'Live preview of the widget' }),
  previewNote: msg({
    id: 'site.builder.previewNote',
    message: 'This is the real widget: a signup made in it is a real signup.',
  }),
  code: msg({ id: 'site.builder.code', message: 'Your code' }),
  html: msg({ id: 'site.builder.flavour.html', message: 'Plain HTML' }),
  htmlHint: msg({
    id: 'site.builder.flavour.htmlHint',
    message: 'Paste it where the widget goes; the script tag once per page is enough.',
  }),
  pinned: msg({ id: 'site.builder.flavour.pinned', message: 'Plain HTML, pinned with its integrity' }),
  pinnedHint: msg({
    id: 'site.builder.flavour.pinnedHint',
    message:
      'One file of version {version}: the browser runs exactly these bytes or nothing. Fixes reach it only when you change the version.',
  }),
  wordpress: msg({ id: 'site.builder.flavour.wordpress', message: 'WordPress plugin' }),
  wordpressHint: msg({
    id: 'site.builder.flavour.wordpressHint',
    message: 'With the Kasuwa plugin: the shortcode, or the block with these settings.',
  }),
  react: msg({ id: 'site.builder.flavour.react', message: 'React' }),
  reactHint: msg({ id: 'site.builder.flavour.reactHint', message: 'After npm i @kasuwa/widgets.' }),
  vue: msg({ id: 'site.builder.flavour.vue', message: 'Vue' }),
  vueHint: msg({
    id: 'site.builder.flavour.vueHint',
    message: 'After npm i @kasuwa/widgets; tell Vue the tags are custom elements (isCustomElement).',
  }),
  copy: msg({ id: 'site.builder.copy', message: 'Copy {flavour}' }),
  copied: msg({ id: 'site.builder.copied', message: 'Copied' }),
  copiedStatus: msg({ id: 'site.builder.copiedStatus', message: '{flavour} code copied.' }),
  selected: msg({
    id: 'site.builder.selected',
    message: 'The code is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
  }),
  wpShortcode: msg({ id: 'site.builder.wp.shortcode', message: 'Shortcode' }),
  wpBlock: msg({ id: 'site.builder.wp.block', message: 'Or the block' }),
  wpPartner: msg({ id: 'site.builder.wp.partner', message: 'Partner code for this block' }),
  wpCampaign: msg({ id: 'site.builder.wp.campaign', message: 'Campaign for this block' }),
  wpCss: msg({ id: 'site.builder.wp.css', message: 'Colours: Appearance → Customize → Additional CSS' }),
  wpFollowPage: msg({ id: 'site.builder.wp.followPage', message: 'The post’s language' }),
};

const TAG_NAMES: Record<BuilderTag, typeof builderText.form> = {
  'start-selling-form': builderText.form,
  'start-selling-modal': builderText.modal,
  'store-rank-checker': builderText.rank,
  'pricing-plans': builderText.pricing,
};
const COLOUR_NAMES: Record<ColourProperty, typeof builderText.form> = {
  '--kasuwa-primary': builderText.primary,
  '--kasuwa-primary-contrast': builderText.primaryContrast,
  '--kasuwa-text': builderText.text,
  '--kasuwa-muted': builderText.muted,
  '--kasuwa-surface': builderText.surface,
};
const FLAVOUR_TEXTS: Record<Flavour, [name: typeof builderText.form, hint: typeof builderText.form]> = {
  html: [builderText.html, builderText.htmlHint],
  pinned: [builderText.pinned, builderText.pinnedHint],
  wordpress: [builderText.wordpress, builderText.wordpressHint],
  react: [builderText.react, builderText.reactHint],
  vue: [builderText.vue, builderText.vueHint],
};

const wordpressLabels = (): WordPressLabels => ({
  shortcode: t(builderText.wpShortcode),
  block: t(builderText.wpBlock),
  partner: t(builderText.wpPartner),
  campaign: t(builderText.wpCampaign),
  language: t(builderText.language),
  css: t(builderText.wpCss),
  followPage: t(builderText.wpFollowPage),
});

const radio = (name: string, value: string, label: string, checked: boolean) =>
  html`<label class="builder-choice"><input type="radio" name=${name} value=${value} ?checked=${checked}> ${label}</label>`;

/**
 * `partner`: the partner's own code (their private page), shown and written into every snippet; without
 * it (on /widgets) a field takes it, the snippets showing a placeholder until it is filled.
 */
export function embedBuilder({ partner }: { partner?: string } = {}) {
  const choice = defaultChoice(partner);
  const origin = pageConfig()?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const code = snippets(choice, origin, wordpressLabels());
  const copyLabels = Object.fromEntries(FLAVOURS.map((f) => [f, t(FLAVOUR_TEXTS[f][0])]));
  return html`<section class="section embed-builder" id="embed-builder" aria-labelledby="embed-builder-title"
    data-embed-builder data-partner=${partner ?? nothing}
    data-wordpress-labels=${JSON.stringify(wordpressLabels())}
    data-contrast-ok=${t(builderText.contrastOk)} data-contrast-low=${t(builderText.contrastLow, { text: '{text}', background: '{background}', ratio: '{ratio}' })}
    data-copied=${t(builderText.copied)} data-copied-status=${t(builderText.copiedStatus, { flavour: '{flavour}' })} data-selected=${t(builderText.selected)}>
  <div class="container">
    <h2 id="embed-builder-title">${t(builderText.heading)}</h2>
    <p>${t(builderText.intro)}</p>
    <p class="builder-no-script">${t(builderText.noScript)}</p>
    <div class="builder-layout" data-builder-live hidden>
      <form class="builder-form" data-builder-form>
        <fieldset>
          <legend>${t(builderText.widget)}</legend>
          ${BUILDER_TAGS.map((tag) => radio('tag', tag, t(TAG_NAMES[tag]), tag === choice.tag))}
        </fieldset>
        <p class="builder-field">
          <label for="builder-lang">${t(builderText.language)}</label>
          <select id="builder-lang" name="lang">
            <option value="" selected>${t(builderText.followPage)}</option>
            ${PAGE_LOCALES.map((lang) => html`<option value=${lang} lang=${lang}>${LANGUAGE_NAMES[lang]}</option>`)}
          </select>
        </p>
        <fieldset>
          <legend>${t(builderText.codeLegend)}</legend>
          ${
            partner
              ? html`<p>${t(builderText.yourCode, { code: partner })}</p>`
              : html`<p class="builder-field"><label for="builder-partner">${t(builderText.partner)}</label>
                <input id="builder-partner" name="partner" type="text" autocomplete="off" spellcheck="false" placeholder=${PLACEHOLDER_PARTNER}></p>`
          }
          <p class="builder-field"><label for="builder-campaign">${t(builderText.campaign)}</label>
            <input id="builder-campaign" name="campaign" type="text" autocomplete="off" maxlength="512" aria-describedby="builder-campaign-hint"></p>
          <p id="builder-campaign-hint" class="builder-hint">${t(builderText.campaignHint)}</p>
        </fieldset>
        <fieldset>
          <legend>${t(builderText.looks)}</legend>
          <div class="builder-colours">
          ${COLOUR_PROPERTIES.map(
            (
              property,
            ) => html`<p class="builder-colour"><input id=${`builder${property.slice(8)}`} name=${property} type="color" value=${choice.colours[property]}>
              <label for=${`builder${property.slice(8)}`}>${t(COLOUR_NAMES[property])}</label></p>`,
          )}
          </div>
          <p class="builder-field"><label for="builder-radius">${t(builderText.radius)}</label>
            <input id="builder-radius" name="radius" type="number" inputmode="numeric" min="0" max="999" step="1" value=${RADIUS_DEFAULT}></p>
          <p><button class="button button-outline" type="button" data-builder-reset>${t(builderText.reset)}</button></p>
          <p class="builder-contrast" role="status" data-builder-contrast>${t(builderText.contrastOk)}</p>
        </fieldset>
      </form>
      <div class="builder-preview-area">
        <h3>${t(builderText.preview)}</h3>
        <fieldset class="builder-width">
          <legend>${t(builderText.width)}</legend>
          ${radio('width', 'phone', t(builderText.phone), true)}
          ${radio('width', 'desktop', t(builderText.desktop), false)}
        </fieldset>
        <p class="builder-hint">${t(builderText.previewNote)}</p>
        <div class="builder-frame-box"><iframe class="builder-frame" data-builder-frame title=${t(builderText.previewTitle)}></iframe></div>
      </div>
    </div>
    <h3>${t(builderText.code)}</h3>
    ${FLAVOURS.map(
      (flavour) => html`<div class="builder-snippet">
      <h4 id=${`builder-${flavour}`}>${t(FLAVOUR_TEXTS[flavour][0])}</h4>
      <p>${t(FLAVOUR_TEXTS[flavour][1], { version: PINNED_WIDGETS.version })}</p>
      <pre class="widget-code"><code data-snippet=${flavour}>${code[flavour]}</code></pre>
      <button class="button button-primary" type="button" data-copy=${flavour} hidden>${t(builderText.copy, { flavour: copyLabels[flavour] ?? flavour })}</button>
    </div>`,
    )}
    <p class="visually-hidden" role="status" data-builder-copy-status></p>
  </div>
</section>`;
}
