/**
 * What the plugin directory's checks (and PHP without mbstring) would reject in the plugin's PHP:
 * gettext on anything but a string literal, mbstring functions (no core polyfill for most of them),
 * and a script or style printed by hand instead of through WordPress (docs/embed-cms.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PLUGIN = 'integrations/wordpress';
const php = fs
  .readdirSync(PLUGIN, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.php'))
  .map((file) => ({ file, text: fs.readFileSync(path.join(PLUGIN, file), 'utf8') }));
const where = (pattern: RegExp) =>
  php.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0]}`));

describe('the WordPress plugin', () => {
  it('given its PHP files, there are some', () => {
    expect(php.length).toBeGreaterThan(5);
  });

  it('translates only string literals', () => {
    expect(
      where(
        /(?<!->|::|function )\b(?:__|_e|_x|_n|_ex|esc_html__|esc_attr__|esc_html_e|esc_attr_e|translate)\(\s*[^'\s)][^)]*\)/g,
      ),
    ).toEqual([]);
  });

  it('calls no mbstring function', () => {
    expect(where(/\bmb_\w+\s*\(/g)).toEqual([]);
  });

  it('prints no <script> or <style> by hand', () => {
    expect(where(/<(?:script|style)\b/gi)).toEqual([]);
  });
});
