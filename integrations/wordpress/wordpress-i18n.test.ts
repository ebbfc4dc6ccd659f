/**
 * The plugin's translations (scripts/wordpress-i18n.mjs, docs/embed-cms.md#languages): every string it
 * shows has a catalog message, translated in each language, with the widgets' wording where the
 * English is the same; the .mo files hold them as gettext reads them.
 */
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../scripts/i18n.mjs';
import {
  moFile,
  pluginTranslations,
  WORDPRESS_LOCALES,
  wordpressLanguageFiles,
} from '../../scripts/wordpress-i18n.mjs';

/** A .mo file's entries, read as GNU gettext lays them out (little-endian). */
function readMo(mo: Buffer): Map<string, string> {
  expect(mo.readUInt32LE(0)).toBe(0x950412de);
  const count = mo.readUInt32LE(8);
  const at = (table: number, i: number) => {
    const length = mo.readUInt32LE(table + i * 8);
    const offset = mo.readUInt32LE(table + i * 8 + 4);
    return mo.subarray(offset, offset + length).toString('utf8');
  };
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) entries.set(at(mo.readUInt32LE(12), i), at(mo.readUInt32LE(16), i));
  return entries;
}

describe('WordPress plugin translations', async () => {
  const { strings, languages, missing } = await pluginTranslations();
  const { files } = await wordpressLanguageFiles();

  it('given every string the plugin shows, each is a catalog message (add it to integrations/wordpress/messages.ts)', () => {
    expect(strings.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it("given a fallback's words, they are the widgets' own messages", () => {
    const ids = Object.fromEntries(languages.ha!.map((entry) => [entry.msgid, entry.id]));
    expect(ids).toMatchObject({
      'Email address': 'form.email',
      'Start Selling': 'form.submit',
      'Check my rank': 'rank.check',
      'Get Started': 'pricing.get-started',
      'or %s/month': 'site.pricing.orMonthly',
    });
  });

  it("given the plugin's own messages, none repeats another message's English", async () => {
    const english = await readCatalog('en');
    const text = (id: string) => english[id]!.translation || english[id]!.message;
    const others = new Set(
      Object.keys(english)
        .filter((id) => !id.startsWith('wordpress.'))
        .map(text),
    );
    const repeated = Object.keys(english).filter((id) => id.startsWith('wordpress.') && others.has(text(id)));
    expect(repeated).toEqual([]);
  });

  for (const [locale, wpLocale] of Object.entries(WORDPRESS_LOCALES)) {
    it(`${locale}: kasuwa-${wpLocale}.mo translates every string, block titles with their context`, () => {
      const mo = readMo(files[`languages/kasuwa-${wpLocale}.mo`] as Buffer);
      const untranslated = languages[locale]!.filter((entry) => entry.id && !entry.msgstr).map((entry) => entry.msgid);
      expect(untranslated).toEqual([]);
      expect(mo.get('')).toContain(`Language: ${wpLocale}`);
      const title = languages[locale]!.find((entry) => entry.msgid === 'Kasuwa signup form')!;
      expect(mo.get('block title\u0004Kasuwa signup form')).toBe(title.msgstr);
      expect(mo.get('Prices per year · %s against paying monthly')).toMatch(/%s/);
      expect(files[`languages/kasuwa-${wpLocale}-kasuwa-editor.json`]).toContain('"Button text"');
    });
  }

  it('given several placeholders, a translation keeps them numbered in the English order', () => {
    const usage = languages.yo!.find((entry) => entry.id === 'wordpress.settings.usage')!;
    expect(usage.msgid).toContain('%1$s');
    expect(usage.msgstr.match(/%\d\$s/g)).toEqual(['%1$s', '%2$s', '%3$s']);
  });

  it('given originals out of order, the .mo lists them sorted, as gettext looks them up', () => {
    const mo = moFile([
      ['b', 'B'],
      ['a', 'Á'],
    ]);
    expect([...readMo(mo)]).toEqual([
      ['a', 'Á'],
      ['b', 'B'],
    ]);
  });
});
