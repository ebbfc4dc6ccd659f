/** The posts the WordPress test publishes: every block, every shortcode, a hand-written tag, the Custom HTML snippet. */
import fs from 'node:fs';
import path from 'node:path';
import { E2E_PORT } from '../../../playwright.config.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
export const OWN_PARTNER = 'author-own-code';
/** The campaign each kind of post gives its signup form (docs/embed-cms.md). */
export const CAMPAIGNS = { block: 'issue-12', shortcode: 'spring-post', tag: 'hand-written' };

/** The Custom HTML block of docs/embed-cms.md, pointing at the running product. */
export const snippet = fs
  .readFileSync(path.resolve('testing/e2e/hosts/cms/custom-html-block.html'), 'utf8')
  .replaceAll('https://kasuwa.shop', product);
export const customHtml = (html: string) => `<!-- wp:html -->\n${html}\n<!-- /wp:html -->`;
const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
export const intro = paragraph('I sell fabrics online, and Kasuwa runs my shop. Here is how you can start too.');
export const outro = paragraph('Thanks for reading. Questions? Leave a comment below.');

export const blocksPost = [
  intro,
  `<!-- wp:kasuwa/signup {"campaign":"${CAMPAIGNS.block}"} /-->`,
  paragraph('Already selling? See where you stand in the New Year sales.'),
  '<!-- wp:kasuwa/rank-checker /-->',
  '<!-- wp:kasuwa/pricing {"period":"monthly"} /-->',
  '<!-- wp:kasuwa/start-selling /-->',
  outro,
].join('\n\n');
export const shortcodesPost = [
  intro,
  // An unknown attribute is ignored; a per-use partner code wins over the site's.
  `<!-- wp:shortcode -->\n[kasuwa_signup partner="${OWN_PARTNER}" campaign="${CAMPAIGNS.shortcode}" colour="red"]\n<!-- /wp:shortcode -->`,
  '<!-- wp:shortcode -->\n[kasuwa_rank_checker]\n<!-- /wp:shortcode -->',
  '<!-- wp:shortcode -->\n[kasuwa_pricing period="monthly"]\n<!-- /wp:shortcode -->',
  '<!-- wp:shortcode -->\n[kasuwa_start_selling]\n<!-- /wp:shortcode -->',
  outro,
].join('\n\n');
export const handWrittenTag = `<start-selling-form partner="${OWN_PARTNER}" campaign="${CAMPAIGNS.tag}"></start-selling-form>`;
/** A tag whose `api-url` and `open` only users with unfiltered_html may keep. */
export const withheldTag = `<start-selling-modal partner="${OWN_PARTNER}" api-url="https://evil.example/graphql" open></start-selling-modal>`;

/** What of the Custom HTML snippet survived in a stored post. */
export const kept = (content: string) => ({
  script: content.includes('<script type="module"'),
  tag: content.includes('<start-selling-form partner="your-partner-code"'),
  form: content.includes('<form method="post"'),
  inputs: content.includes('<input type="hidden" name="partner" value="your-partner-code">'),
  text: content.includes('Email address'),
});
