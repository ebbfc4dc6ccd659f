/**
 * The plugin on a WordPress network (docs/embed-cms.md#who-may-do-what), where only the Super Admin has
 * unfiltered_html: a sub-site's Administrator cannot change the widget origin nor save a signups link off
 * it, nor an Author or that Administrator keep `api-url` or `open` on a tag; deleting the plugin cleans
 * every site. Also readme.txt's directory checks. Runs on Debian's WordPress 6.1 and on the newest.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { adminCommand } from '../../testing/e2e/admin-command.js';
import { customHtml, withheldTag } from '../../testing/e2e/wordpress/posts.js';
import {
  fetchAgainWith,
  installOurPlugin,
  logIn,
  publishAs,
  SETTINGS_PAGE,
  secondsToNextFetch,
  startWordPress,
  WORDPRESS_PORT,
  type WordPress,
  wordpressOf,
} from '../../testing/e2e/wordpress/wordpress-site.js';
import { PRODUCT } from '../../testing/e2e/wordpress-for-file.js';

const ADMIN = { user: 'administrator', password: 'admin-password-50' };
const SUB_ADMIN = { user: 'subadmin', password: 'sub-admin-password-50' };
const FOREIGN = 'https://evil.example';

let wp: WordPress;
let sub: string;
let newest = false;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const info = test.info();
  test.setTimeout(120_000);
  newest = info.project.metadata?.wordpress === 'newest';
  wp = await startWordPress(WORDPRESS_PORT, ADMIN, { root: wordpressOf(info), multisite: true });
  // Network-activated by the Super Admin, as Network Admin → Plugins does.
  await installOurPlugin(wp, 'kasuwa-wordpress-network.zip');
  wp.php(`require_once ABSPATH . 'wp-admin/includes/plugin.php'; activate_plugin('kasuwa/kasuwa.php', '', true);`);
  const blog = wp.php(`
$site = wpmu_create_blog('127.0.0.1', '/sub/', 'A partner sub-site', 1);
if (is_wp_error($site)) { fwrite(STDERR, $site->get_error_message()); exit(1); }
// WordPress drops the port from a new site's domain; the network's own has it (a test server's).
$wpdb->update($wpdb->blogs, ['domain' => DOMAIN_CURRENT_SITE], ['blog_id' => $site]);
clean_blog_cache($site);
switch_to_blog($site);
update_option('home', '${wp.url}/sub');
update_option('siteurl', '${wp.url}/sub');
restore_current_blog();
foreach (['subadmin' => 'administrator', 'subauthor' => 'author'] as $login => $role) {
  $id = wpmu_create_user($login, '${SUB_ADMIN.password}', "$login@example.ng");
  add_user_to_blog($site, $id, $role);
}
switch_to_blog($site);
update_option('kasuwa_partner', 'sub-site-partner');
restore_current_blog();
update_option('kasuwa_partner', 'main-site-partner');
echo $site;`);
  sub = '/sub';
  expect(Number(blog)).toBeGreaterThan(1);
});

test.afterAll(async () => {
  await wp?.stop();
});

test('given a network, its sub-site Administrator cannot set a foreign origin, even with a forged form; the Super Admin can set an https one', async ({
  page,
}) => {
  await logIn(page, `${wp.url}${sub}`, SUB_ADMIN, SETTINGS_PAGE);
  const origin = page.getByLabel('Widget origin');
  await expect(origin).toHaveValue('https://kasuwa.shop');
  await expect(origin).toHaveAttribute('readonly', '');
  // What a forged request would send: the field made writable and filled in.
  await origin.evaluate((input) => input.removeAttribute('readonly'));
  await origin.fill(FOREIGN);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('#setting-error-kasuwa_origin')).toContainText(
    'Only a user allowed to publish unfiltered HTML (on a network, a Super Admin) can change the widget origin.',
  );
  await expect(origin).toHaveValue('https://kasuwa.shop');
  const stored = () => wp.php(`switch_to_blog(2); echo Kasuwa_Settings::origin();`);
  expect(stored()).toBe('https://kasuwa.shop');
  // Their partner code is theirs to change.
  await expect(page.getByLabel('Partner code')).toHaveValue('sub-site-partner');

  await page.context().clearCookies();
  await logIn(page, `${wp.url}${sub}`, ADMIN, SETTINGS_PAGE);
  await expect(page.getByLabel('Widget origin')).not.toHaveAttribute('readonly');
  await page.getByLabel('Widget origin').fill('https://widgets.example.ng');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect(stored()).toBe('https://widgets.example.ng');
});

test("given a network, its sub-site Administrator saves a signups link on the widget origin only, and the dashboard box says one same sentence of every other host's port", async ({
  page,
}) => {
  // Ten wp-admin pages: 23 s on Debian's WordPress, 53 s on the newest with the host's load at 9 on 2 cores.
  test.setTimeout(120_000);
  const which = newest ? 'newest' : 'stable';
  const issued = new URL(adminCommand('partners:link', `network-${which}`));
  const link = `${PRODUCT}${issued.pathname}${issued.search}`;
  // The Super Admin's origin for the sub-site: the product, where this WordPress reaches it.
  wp.php(`switch_to_blog(2); update_option('kasuwa_origin', '${PRODUCT}');`);
  // A port on this host that answers as Kasuwa answers a revoked link; nothing listens on port 9.
  let asked = 0;
  const answering = http.createServer((_request, response) => {
    asked += 1;
    response.writeHead(410).end();
  });
  await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
  const open = `http://127.0.0.1:${(answering.address() as AddressInfo).port}/partners?t=x`;
  const elsewhere = [open, 'http://127.0.0.1:9/partners?t=x', 'https://10.0.0.5:8443/partners?t=x'];
  const stored = () => wp.php(`switch_to_blog(2); echo get_option('kasuwa_partner_link', '');`);
  try {
    await logIn(page, `${wp.url}${sub}`, SUB_ADMIN, SETTINGS_PAGE);
    for (const value of ['http://127.0.0.1:6379/partners?t=x', ...elsewhere]) {
      await page.goto(`${wp.url}${sub}${SETTINGS_PAGE}`);
      await page.getByLabel('Your signups link').fill(value);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.locator('#setting-error-kasuwa_partner_link p')).toHaveText(
        `Only a user allowed to publish unfiltered HTML (on a network, a Super Admin) can save a signups link that is not on the widget origin (${PRODUCT}); the previous value was kept.`,
      );
      expect(stored()).toBe('');
    }
    await page.getByLabel('Your signups link').fill(link);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    expect(stored()).toBe(link);
    await page.goto(`${wp.url}${sub}/wp-admin/index.php`);
    const box = page.locator('#kasuwa_signups');
    await expect(box.locator('dl')).toHaveText('This week0Last week0All time0');

    // Such links stored before this rule, or kept when the origin moved: the box opens no port of
    // another host, and whether one answers, is closed or never replies, it says the same.
    for (const value of elsewhere) {
      fetchAgainWith(wp, value, { site: 2 });
      await page.reload();
      await expect(box).toContainText('Kasuwa did not answer just now: these are the numbers as of');
      await expect(box.locator('dl')).toHaveText('This week0Last week0All time0');
      expect(secondsToNextFetch(wp, 2)).toBeGreaterThan(500);
    }
    expect(asked).toBe(0);
  } finally {
    answering.close();
  }
});

test("given a sub-site's Administrator and Author, api-url and open are removed from their tags, blocks and shortcodes never take them", () => {
  const stored = publishAs(
    wp,
    ['subadmin', 'subauthor'].map((role) => ({
      name: role,
      role,
      title: `A tag by ${role}`,
      content: customHtml(withheldTag),
    })),
    2,
  );
  for (const { content } of Object.values(stored))
    expect(content).toContain('<start-selling-modal partner="author-own-code"></start-selling-modal>');
  const rendered = JSON.parse(
    wp.php(`
switch_to_blog(2);
echo json_encode([
  do_shortcode('[kasuwa_start_selling api-url="${FOREIGN}/graphql" open="open"]'),
  do_blocks('<!-- wp:kasuwa/start-selling {"api-url":"${FOREIGN}/graphql","open":true} /-->'),
]);`),
  ) as string[];
  for (const html of rendered) {
    expect(html).toContain('<start-selling-modal');
    expect(html).not.toMatch(/api-url|evil\.example|\sopen[\s=>]/);
  }
});

test('given readme.txt, it has the External services section and is tested up to the WordPress the tests run', () => {
  const readme = fs.readFileSync('integrations/wordpress/readme.txt', 'utf8');
  expect(readme).toMatch(/^== External services ==$/m);
  expect(readme).toContain('https://kasuwa.shop/terms-and-conditions');
  expect(readme).toContain('https://kasuwa.shop/privacy-policy');
  const tested = readme
    .match(/^Tested up to: (\d+)\.(\d+)$/m)!
    .slice(1)
    .map(Number);
  const running = wp.version.split('.').slice(0, 2).map(Number);
  console.log(`[wordpress] WordPress ${wp.version}; readme.txt: Tested up to ${tested.join('.')}`);
  if (newest) expect(tested).toEqual(running);
  else expect(tested[0]! * 100 + tested[1]!).toBeGreaterThanOrEqual(running[0]! * 100 + running[1]!);
});

test('given the plugin deleted from the network, its settings are gone from every site', () => {
  const left = wp.php(`
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user(1);
deactivate_plugins('kasuwa/kasuwa.php', false, true);
$deleted = delete_plugins(['kasuwa/kasuwa.php']);
if ($deleted !== true) { fwrite(STDERR, is_wp_error($deleted) ? $deleted->get_error_message() : 'not deleted'); exit(1); }
$left = [];
foreach (get_sites(['fields' => 'ids']) as $site) {
  switch_to_blog($site);
  $left[$site] = [get_option('kasuwa_origin', 'none'), get_option('kasuwa_partner', 'none')];
  restore_current_blog();
}
echo json_encode($left);`);
  expect(JSON.parse(left)).toEqual({ 1: ['none', 'none'], 2: ['none', 'none'] });
});
