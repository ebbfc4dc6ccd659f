/**
 * The embed builder's snippets: each flavour places the chosen tag with the partner code, campaign,
 * language and changed custom properties; a campaign with quotes or angle brackets stays one value in
 * each; the defaults are the widgets' own.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cssProperties } from '../../widgets/metadata.js';
import {
  type BuilderChoice,
  COLOUR_DEFAULTS,
  COLOUR_PROPERTIES,
  defaultChoice,
  htmlSnippet,
  RADIUS_DEFAULT,
  reactSnippet,
  snippets,
  vueSnippet,
  wordpressSnippet,
} from './snippets.js';

const choice = (over: Partial<BuilderChoice> = {}): BuilderChoice => ({ ...defaultChoice('lagos-tech'), ...over });
const purple = { ...COLOUR_DEFAULTS, '--kasuwa-primary': '#7a1fa2' };
const TRICKY = `issue "12" <b>&'x'</b> [a]`;

/** The attributes of the first `<tag …>` in HTML, as a browser's parser reads them. */
function parsedAttributes(markup: string, tag: string): Record<string, string> {
  const start = new RegExp(`<${tag}((?:\\s+[a-z-]+(?:="[^"]*")?)*)\\s*/?>`).exec(markup);
  if (!start) throw new Error(`no <${tag}> in ${markup}`);
  const decode = (value: string) =>
    value.replace(/&(quot|lt|gt|amp|#39|#91|#93);/g, (_, name: string) => {
      const entities: Record<string, string> = {
        quot: '"',
        lt: '<',
        gt: '>',
        amp: '&',
        '#39': "'",
        '#91': '[',
        '#93': ']',
      };
      return entities[name] ?? '';
    });
  return Object.fromEntries(
    [...(start[1] ?? '').matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], decode(m[2] ?? '')]),
  );
}

describe('embed builder snippets', () => {
  it('given the defaults should write the script tag and the form with the partner code, no style and no lang', () => {
    expect(htmlSnippet(choice(), 'https://kasuwa.shop')).toBe(
      '<script type="module" src="https://kasuwa.shop/widgets/v1/kasuwa-widgets.js"></script>\n<start-selling-form partner="lagos-tech"></start-selling-form>',
    );
  });

  it("given the widgets' version should load the newest of its major, never the unversioned loader", () => {
    const { version } = JSON.parse(fs.readFileSync('packages/widgets/package.json', 'utf8')) as { version: string };
    expect(htmlSnippet(choice())).toContain(
      `src="https://kasuwa.shop/widgets/v${version.split('.')[0]}/kasuwa-widgets.js"`,
    );
  });

  it('given no partner code should write the placeholder one', () => {
    expect(htmlSnippet(defaultChoice())).toContain('partner="your-partner-code"');
  });

  it('given a campaign, a language, a colour and a radius should write each, the changed properties in the style', () => {
    const html = htmlSnippet(choice({ campaign: 'issue-12', lang: 'ha', colours: purple, radius: 6 }));
    expect(parsedAttributes(html, 'start-selling-form')).toEqual({
      partner: 'lagos-tech',
      campaign: 'issue-12',
      lang: 'ha',
      style: '--kasuwa-primary: #7a1fa2; --kasuwa-radius: 6px',
    });
  });

  it('given a campaign with quotes, angle brackets and brackets should keep it one attribute value in HTML, Vue and the shortcode', () => {
    const tricky = choice({ campaign: TRICKY });
    const html = htmlSnippet(tricky);
    expect(parsedAttributes(html, 'start-selling-form').campaign).toBe(TRICKY);
    expect(html).not.toContain('<b>');
    expect(parsedAttributes(vueSnippet(tricky), 'start-selling-form').campaign).toBe(TRICKY);
    const shortcode = wordpressSnippet(tricky).split('\n')[1] ?? '';
    expect(shortcode).toMatch(/^\[kasuwa_signup [^[\]]*\]$/);
    expect(
      parsedAttributes(shortcode.replace(/^\[kasuwa_signup/, '<kasuwa_signup').replace(/\]$/, '>'), 'kasuwa_signup'),
    ).toEqual({
      partner: 'lagos-tech',
      campaign: TRICKY,
    });
  });

  it('given a campaign with quotes should write React a JavaScript string, plain ones as written', () => {
    expect(reactSnippet(choice({ campaign: TRICKY }))).toContain(`campaign={${JSON.stringify(TRICKY)}}`);
    expect(reactSnippet(choice({ campaign: 'issue-12' }))).toContain('campaign="issue-12"');
  });

  it('given React and Vue should load the widgets from the package and style with custom properties', () => {
    const react = reactSnippet(choice({ colours: purple }), 'https://kasuwa.shop');
    expect(react).toContain("import { loadKasuwaWidgets } from '@kasuwa/widgets';");
    expect(react).toContain('void loadKasuwaWidgets({ origin: "https://kasuwa.shop" });');
    expect(react).toContain(`<start-selling-form partner="lagos-tech" style={{ '--kasuwa-primary': '#7a1fa2' }} />`);
    const vue = vueSnippet(choice({ colours: purple }));
    expect(vue).toContain("import '@kasuwa/widgets/vue';");
    expect(vue).toContain('<start-selling-form partner="lagos-tech" style="--kasuwa-primary: #7a1fa2" />');
  });

  it('given the WordPress plugin should write the shortcode, the block and its settings, and the colours as CSS', () => {
    const wordpress = wordpressSnippet(choice({ campaign: 'issue-12', lang: 'yo', colours: purple }));
    expect(wordpress.split('\n')).toEqual([
      '<!-- Shortcode -->',
      '[kasuwa_signup partner="lagos-tech" campaign="issue-12" lang="yo"]',
      '',
      '<!-- Or the block: Kasuwa signup form -->',
      'Partner code for this block: lagos-tech',
      'Campaign for this block: issue-12',
      'Language: yo',
      '',
      '/* Colours: Appearance → Customize → Additional CSS */',
      'start-selling-form {',
      '  --kasuwa-primary: #7a1fa2;',
      '}',
    ]);
  });

  it('given each tag should write its own element, shortcode and where the partner code goes', () => {
    const modal = snippets(choice({ tag: 'start-selling-modal', campaign: 'c1' }));
    expect(modal.html).toContain('<button type="button" data-start-selling>Start Selling</button>');
    expect(modal.html).toContain('<start-selling-modal partner="lagos-tech" campaign="c1"></start-selling-modal>');
    expect(modal.wordpress).toContain('[kasuwa_start_selling partner="lagos-tech" campaign="c1"]');
    const rank = snippets(choice({ tag: 'store-rank-checker', campaign: 'c1', lang: 'ig' }));
    expect(rank.html).toContain('<store-rank-checker lang="ig"></store-rank-checker>');
    expect(rank.wordpress).toContain('[kasuwa_rank_checker lang="ig"]');
    expect(rank.react).not.toContain('campaign');
    const pricing = snippets(choice({ tag: 'pricing-plans', campaign: 'c1', lang: 'pcm' }));
    expect(pricing.html).toContain(
      '<pricing-plans lang="pcm"></pricing-plans>\n<start-selling-modal partner="lagos-tech" campaign="c1"></start-selling-modal>',
    );
    expect(pricing.vue).toContain('<start-selling-modal partner="lagos-tech" campaign="c1" />');
    expect(pricing.wordpress).toContain('[kasuwa_pricing partner="lagos-tech" campaign="c1" lang="pcm"]');
  });

  it("given the builder's defaults should be the widgets' documented defaults", () => {
    const documented = (name: string) => cssProperties.find((p) => p.name === name)?.description ?? '';
    for (const property of COLOUR_PROPERTIES)
      expect(documented(property)).toContain(
        `(${property === '--kasuwa-primary' ? 'default ' : ''}${COLOUR_DEFAULTS[property]})`,
      );
    expect(documented('--kasuwa-radius')).toContain(`(${RADIUS_DEFAULT}px)`);
  });
});
