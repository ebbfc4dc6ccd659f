/**
 * The WordPress plugin in the site's language (docs/embed-cms.md#languages): a WordPress (Debian's 6.1,
 * and the newest) set to Hausa, the zip our server serves installed, a post with a Yoruba rank checker
 * followed by the signup block and the start-selling shortcode in the site’s Hausa.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { readCatalog } from '../../scripts/i18n.mjs';
import { moFile } from '../../scripts/wordpress-i18n.mjs';
import { intro, outro } from '../../testing/e2e/wordpress/posts.js';
import { logIn, SETTINGS_PAGE } from '../../testing/e2e/wordpress/wordpress-site.js';
import { ADMIN, PRODUCT, wordpressForFile } from '../../testing/e2e/wordpress-for-file.js';

const SHOTS = 'test-results/wordpress';
// The Hausa widgets are rendered after the Yoruba one (blocks in order, then shortcodes): each widget's
// language is its own, whatever was rendered before.
const post = [
  intro,
  '<!-- wp:kasuwa/rank-checker {"lang":"yo"} /-->',
  '<!-- wp:kasuwa/signup /-->',
  '<!-- wp:shortcode -->\n[kasuwa_start_selling]\n<!-- /wp:shortcode -->',
  outro,
].join('\n\n');

const wp = wordpressForFile({ plugin: 'kasuwa-wordpress-languages.zip' });
let postUrl: string;

test.beforeAll(() => {
  // WordPress's name for Hausa (translate.wordpress.org), as Settings → General stores it. WordPress keeps
  // a site language only when its core language pack is installed: a stand-in pack, a header alone.
  const pack = moFile([['', 'Language: hau\n']]).toString('base64');
  // Written before the request that sets it: WordPress lists the language files once per request.
  wp.php(`wp_mkdir_p(WP_LANG_DIR); file_put_contents(WP_LANG_DIR . '/hau.mo', base64_decode('${pack}'));`);
  const id = wp.php(`
update_option('WPLANG', 'hau');
update_option('kasuwa_origin', '${PRODUCT}');
wp_set_current_user(1);
echo wp_insert_post(['post_title' => 'Fara sayarwa da Kasuwa', 'post_content' => base64_decode('${Buffer.from(post).toString('base64')}'), 'post_status' => 'publish']);`);
  expect(wp.php('echo get_locale();')).toBe('hau');
  postUrl = `${wp.url}/?p=${id}`;
});

test('given a site in Hausa, a block asking for Yoruba, then Hausa widgets: each fallback and widget speaks its own language', async ({
  browser,
}) => {
  // What the catalogs say now (a reviewer may change the words; the test follows them).
  const [ha, yo] = await Promise.all([readCatalog('ha'), readCatalog('yo')]);
  const offline = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const noJs = await offline.newPage();
  await noJs.goto(postUrl);
  fs.mkdirSync(SHOTS, { recursive: true });
  await noJs.screenshot({ path: `${SHOTS}/post-hausa-360-no-js.png`, fullPage: true });
  const fallback = noJs.locator('start-selling-form[lang="ha"] form');
  await expect(fallback.getByRole('textbox', { name: ha['form.email']!.translation })).toBeVisible();
  await expect(fallback.getByRole('button', { name: ha['form.submit']!.translation })).toBeVisible();
  await expect(fallback.locator('input[name="locale"]')).toHaveValue('ha');
  await expect(noJs.locator('a.wp-element-button[data-start-selling]')).toHaveText(ha['form.submit']!.translation!);
  await expect(noJs.locator('start-selling-modal')).toHaveAttribute('lang', 'ha');
  const yoruba = noJs.locator('store-rank-checker[lang="yo"] form');
  await expect(yoruba.getByRole('textbox', { name: yo['rank.domain']!.translation })).toBeVisible();
  await expect(yoruba.getByRole('button', { name: yo['rank.check']!.translation })).toBeVisible();
  await offline.close();

  const page = await browser.newPage();
  await page.goto(postUrl);
  // WordPress's `hau` as BCP 47 has it, so what follows the page (the modal, a hand-written tag) is Hausa too.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
  const widget = page.locator('start-selling-form form.form');
  await expect(widget.getByRole('textbox', { name: ha['form.email']!.translation })).toBeVisible();
  await expect(widget.getByRole('button', { name: ha['form.submit']!.translation })).toBeVisible();
  await expect(
    page.locator('store-rank-checker').getByRole('button', { name: yo['rank.check']!.translation }),
  ).toBeVisible();
  await page.close();
});

test('given a site in Hausa, Settings → Kasuwa, its refusal notice, the blocks’ titles and the editor’s sidebar are Hausa', async ({
  page,
}) => {
  const ha = await readCatalog('ha');
  // What WordPress hands the block editor's script (wp_set_script_translations).
  const editor = wp.php(`echo load_script_textdomain('kasuwa-editor', 'kasuwa', WP_PLUGIN_DIR . '/kasuwa/languages');`);
  const messages = JSON.parse(editor).locale_data.messages;
  expect(messages['Button text']).toEqual([ha['wordpress.editor.button-text']!.translation]);
  expect(messages['Campaign for this block (optional)']).toEqual([ha['wordpress.editor.campaign']!.translation]);
  await logIn(page, wp.url, ADMIN, SETTINGS_PAGE);
  const origin = page.getByLabel(ha['wordpress.settings.origin']!.translation!);
  await expect(origin).toHaveValue(PRODUCT);
  await origin.fill('ftp://example.ng');
  await page.locator('#submit').click();
  await expect(page.getByText(ha['wordpress.settings.origin-refused']!.translation!)).toBeVisible();
  await expect(origin).toHaveValue(PRODUCT);
  await expect(page.getByText(ha['wordpress.block.signup.title']!.translation!, { exact: false })).toBeVisible();
});
