/**
 * The widget API is written once, in each tag's widgets/<tag>/<tag>.tag.ts. Every other copy is
 * generated from it or checked here: the /widgets page, the built manifest and declaration files, the
 * loader's reserved sizes and the site's stylesheet (the committed copies: scripts/generate.test.ts).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customElementsManifest, typeDeclarations } from '../scripts/widget-declarations.js';
import { siteConfigFromEnv } from '../site/config.js';
import { renderAll } from '../site/render.js';
import { methodCall, widgetMetadata } from './metadata.js';
import { hostSizes } from './registry.js';

const rebuild = "out of date with the tags' metadata: run node scripts/build.mjs --only widgets";

/** Top-level rules of a stylesheet (not inside @media) by selector, with their declarations. */
function topLevelRules(css: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  const uncommented = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of uncommented.matchAll(/^([^\s@}][^{]*)\{([^}]*)\}/gm)) {
    const declarations = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-z-]+)\s*:\s*([^;]+);/g)].map((d) => [d[1], d[2]?.trim()]),
    );
    for (const selector of (match[1] ?? '').split(',')) rules.set(selector.trim(), declarations);
  }
  return rules;
}

describe('widget API drift', () => {
  it('given the site stylesheet sizes a widget host should give it the size the widget reserves', () => {
    // In the part of the site's stylesheet every page carries (site/styles/parts.ts), so that any page
    // a tag is put on reserves its size.
    const rules = topLevelRules(fs.readFileSync('site/styles/base.css', 'utf8'));
    let checked = 0;
    for (const [selector, declarations] of rules) {
      // The tag itself; elsewhere a page may add room around it (the home closing banner's padding).
      const tag = Object.keys(hostSizes).find((t) => selector === t);
      if (!tag || !('min-height' in declarations)) continue;
      const size = hostSizes[tag as keyof typeof hostSizes];
      expect(size.display, selector).toBe('block');
      expect(declarations['min-height'], selector).toBe('minHeight' in size ? size.minHeight : '0');
      checked += 1;
    }
    // The three sized tags, in the part every page carries (site/styles/parts.ts).
    expect(checked).toBe(3);
  });

  it('given the README or a guide names a host size in prose should name the reserved one', () => {
    const guides = ['README.md', ...fs.readdirSync('docs').map((file) => `docs/${file}`)].filter((f) =>
      f.endsWith('.md'),
    );
    for (const guide of guides) {
      const text = fs.readFileSync(guide, 'utf8');
      for (const [, tag, amount, unit] of text.matchAll(/`([a-z-]+)` (\d+) ?(px|em)\b/g)) {
        const size = hostSizes[tag as keyof typeof hostSizes];
        if (size)
          expect(`${tag} ${amount}${unit}`, guide).toBe(`${tag} ${'minHeight' in size ? size.minHeight : '0px'}`);
      }
    }
  });

  it("given the loader should take its reserved sizes from the tags' elements (registry.ts), not a copy", () => {
    const loader = fs.readFileSync('widgets/loader.ts', 'utf8');
    expect(loader).toMatch(/reservedSizesCss[^;]*from '\.\/registry\.js'/);
    expect(loader).not.toMatch(/min-height|display:/);
  });

  it('given the /widgets page should list every attribute, method, event and part of each tag', () => {
    const page =
      renderAll({ scripts: ['/assets/main.js'], styles: [] }, siteConfigFromEnv({})).find(
        (p) => p.file === 'widgets.html',
      )?.html ?? '';
    const text = page.replace(/<!--[\s\S]*?-->/g, '');
    const tables = [...text.matchAll(/<table class="widget-api-table">([\s\S]*?)<\/table>/g)].map((m) => m[1] ?? '');
    for (const w of widgetMetadata) {
      const table = tables.find((t) => t.includes(`<caption>&lt;${w.tag}&gt;`));
      expect(table, `table of <${w.tag}>`).toBeDefined();
      const names = [...(table ?? '').matchAll(/<tr><td>([a-z ]+)<\/td><td><code>([^<]*)<\/code>/g)].map(
        (m) => `${m[1]} ${m[2]?.replace(/ \(property .*$/, '')}`,
      );
      const expected = [
        ...w.attributes.map((a) => `attribute ${a.name}`),
        ...w.methods.map((m) => `method ${methodCall(m)}`),
        ...w.events.map((e) => `event ${e.name}`),
        ...w.parts.map((p) => `part ${p.name}`),
      ];
      expect(names.filter((n) => !n.startsWith('host size'))).toEqual(expected);
    }
  });

  it('given a build in dist/ should have written the manifest and declarations the metadata generates', () => {
    // npm test builds first; a vitest run on a fresh clone has nothing built to compare.
    const built = (file: string) =>
      fs.existsSync(`dist/widgets/${file}`) ? fs.readFileSync(`dist/widgets/${file}`, 'utf8') : undefined;
    const manifest = built('custom-elements.json');
    if (manifest !== undefined)
      expect(JSON.parse(manifest), `custom-elements.json ${rebuild}`).toEqual(customElementsManifest());
    for (const [file, text] of Object.entries(typeDeclarations())) {
      const written = built(file);
      if (written !== undefined) expect(written, `${file} ${rebuild}`).toBe(text);
    }
  });
});
