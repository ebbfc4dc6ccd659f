/**
 * A private WordPress for one test run: Debian's /usr/share/wordpress (or the newest, newest-wordpress.ts)
 * served by `php -S`, with its own document root in a temporary folder (links to WordPress's files, our
 * own wp-config.php, its own wp-content) and its own MariaDB database, so nothing in /etc/wordpress or
 * /var/lib/wordpress is used or changed; a single site or a network. Driven by small PHP scripts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config.js';
import { installFromDebian } from '../../../scripts/debian.mjs';
import { newestWordPress } from './newest-wordpress.js';

/** php -S serving the tests' WordPress (docs/embed-cms.md): next to the product's port unless set. */
export const WORDPRESS_PORT = Number(process.env.WORDPRESS_PORT ?? E2E_PORT + 2);

const WORDPRESS = '/usr/share/wordpress';
const PACKAGES = ['wordpress', 'php-cli', 'php-mysql', 'php-xml', 'php-mbstring'];
export const INSTALL_COMMAND = `sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}`;
const DB = { host: '127.0.0.1', port: 3306, user: 'root' };
/** Settings → Kasuwa, where each test that logs in goes first. */
export const SETTINGS_PAGE = '/wp-admin/options-general.php?page=kasuwa';

const phpReady = () =>
  spawnSync(
    'php',
    ['-r', 'echo extension_loaded("mysqli") && extension_loaded("xml") && extension_loaded("mbstring") ? "ok" : "no";'],
    {
      encoding: 'utf8',
    },
  ).stdout === 'ok';
const present = () => fs.existsSync(path.join(WORDPRESS, 'wp-settings.php')) && phpReady();

/** WordPress and PHP with its extensions, installed from Debian when we may (scripts/debian.mjs); else the command. */
export function ensureWordPress(): void {
  if (present()) return;
  for (const pkg of PACKAGES) installFromDebian(pkg, 'wordpress: WordPress or PHP missing');
  if (!present())
    throw new Error(
      `The WordPress test needs Debian's WordPress and PHP (with mysqli, xml, mbstring). Install them with:  ${INSTALL_COMMAND}`,
    );
}

/**
 * The WordPress a Playwright project tests on (playwright.config.ts): Debian stable's, or the newest one
 * for the project whose metadata says `wordpress: 'newest'`.
 */
export function wordpressOf(info: TestInfo): string {
  return info.project.metadata?.wordpress === 'newest' ? newestWordPress() : WORDPRESS;
}

export type WordPress = {
  url: string;
  /** WordPress's own version, e.g. 6.1.9. */
  version: string;
  /** Runs PHP code with WordPress loaded; returns what it prints. */
  php(code: string): string;
  stop(): Promise<void>;
};

const phpString = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

function sql(statement: string): void {
  const code = `$db = @new mysqli(${phpString(DB.host)}, ${phpString(DB.user)}, '', '', ${DB.port}); if ($db->connect_errno) { fwrite(STDERR, $db->connect_error); exit(1); } if (!$db->query(${phpString(statement)})) { fwrite(STDERR, $db->error); exit(1); }`;
  const result = spawnSync('php', ['-r', code], { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `MariaDB at ${DB.host}:${DB.port} (root, no password) did not run "${statement}": ${result.stderr.trim()}. ` +
        'Start it with:  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
    );
}

const mariaDbAnswers = () =>
  spawnSync(
    'php',
    [
      '-r',
      `exit(@(new mysqli(${phpString(DB.host)}, ${phpString(DB.user)}, '', '', ${DB.port}))->connect_errno ? 1 : 0);`,
    ],
    { encoding: 'utf8' },
  ).status === 0;

/**
 * MariaDB on 127.0.0.1:3306 (every machine of ours starts it; a machine where it stopped gets it started
 * here, as the machine's own start command does), else the command that starts it.
 */
async function ensureMariaDB(): Promise<void> {
  if (mariaDbAnswers()) return;
  const daemon = '/usr/sbin/mariadbd';
  if (fs.existsSync(daemon) && process.getuid?.() === 0) {
    console.log(`[wordpress] MariaDB did not answer on ${DB.host}:${DB.port}; starting ${daemon}`);
    spawnSync('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', daemon], { stdio: 'inherit' });
    for (let i = 0; i < 150 && !mariaDbAnswers(); i++) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!mariaDbAnswers())
    throw new Error(
      `The WordPress test needs MariaDB at ${DB.host}:${DB.port} (root, no password). ` +
        'Start it with:  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd ' +
        '(install it with: apt-get install -y mariadb-server)',
    );
}

async function waitForPort(port: number, child: ChildProcess) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`php -S exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() && true));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`php -S did not listen on ${port}`);
}

/**
 * Installs a fresh site (title, an Administrator) on its own database and serves it on `port`, from
 * `root` (a WordPress folder: wordpressOf()). A network (`multisite`) has its sites in sub-folders
 * (`/sub/`), the Administrator its Super Admin.
 */
export async function startWordPress(
  port: number,
  admin: { user: string; password: string },
  { root = WORDPRESS, multisite = false } = {},
): Promise<WordPress> {
  ensureWordPress();
  await ensureMariaDB();
  const url = `http://127.0.0.1:${port}`;
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-wordpress-')));
  const docroot = path.join(dir, 'site');
  fs.mkdirSync(path.join(docroot, 'wp-content/themes'), { recursive: true });
  fs.mkdirSync(path.join(docroot, 'wp-content/plugins'));
  fs.mkdirSync(path.join(docroot, 'wp-content/uploads'));
  for (const entry of fs.readdirSync(root)) {
    if (entry !== 'wp-config.php' && entry !== 'wp-content')
      fs.symlinkSync(path.join(root, entry), path.join(docroot, entry));
  }
  for (const theme of fs.readdirSync(path.join(root, 'wp-content/themes')))
    fs.symlinkSync(path.join(root, 'wp-content/themes', theme), path.join(docroot, 'wp-content/themes', theme));
  const database = `kasuwa_wp_${process.pid}_${Date.now()}`;
  sql(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
  const salt = () => crypto.randomBytes(24).toString('hex');
  const keys = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ];
  fs.writeFileSync(
    path.join(docroot, 'wp-config.php'),
    `<?php
define('DB_NAME', '${database}');
define('DB_USER', '${DB.user}');
define('DB_PASSWORD', '');
define('DB_HOST', '${DB.host}:${DB.port}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${multisite ? '' : `define('WP_HOME', '${url}');\ndefine('WP_SITEURL', '${url}');`}
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('FS_METHOD', 'direct');
define('WP_ENVIRONMENT_TYPE', 'local');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
${keys.map((key) => `define('${key}', '${salt()}');`).join('\n')}
$table_prefix = 'wp_';
if (is_file(__DIR__ . '/network.php')) require __DIR__ . '/network.php';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
  );
  // ABSPATH is our document root, so WordPress's own files (linked) load our wp-config.php.
  fs.writeFileSync(
    path.join(dir, 'router.php'),
    `<?php
define('ABSPATH', ${phpString(`${docroot}/`)});
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
$file = ABSPATH . ltrim($path, '/');
// A network's site in a sub-folder (/sub/wp-admin/…) uses WordPress's own files, as its .htaccess says.
if (!file_exists($file) && preg_match('#^/[^/]+(/(?:wp-(?:admin|includes|content)(?:/.*)?|[^/]+\\.php))$#', $path, $m)) {
  $file = ABSPATH . ltrim($m[1], '/');
  $types = ['css' => 'text/css', 'js' => 'text/javascript', 'svg' => 'image/svg+xml', 'png' => 'image/png', 'woff2' => 'font/woff2'];
  if (is_file($file) && !str_ends_with($file, '.php')) {
    header('Content-Type: ' . ($types[pathinfo($file, PATHINFO_EXTENSION)] ?? 'application/octet-stream'));
    readfile($file);
    return true;
  }
}
if (is_dir($file)) $file = rtrim($file, '/') . '/index.php';
if (is_file($file) && !str_ends_with($file, '.php')) return false;
if (!is_file($file)) $file = ABSPATH . 'index.php';
$_SERVER['SCRIPT_FILENAME'] = $file;
$_SERVER['SCRIPT_NAME'] = $_SERVER['PHP_SELF'] = '/' . substr($file, strlen(ABSPATH));
chdir(dirname($file));
require $file;
`,
  );
  const bootstrap = `define('ABSPATH', ${phpString(`${docroot}/`)});
$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
`;
  let scripts = 0;
  const runPhp = (code: string, installing = false) => {
    const file = path.join(dir, `script-${++scripts}.php`);
    fs.writeFileSync(
      file,
      `<?php\n${bootstrap}${installing ? "define('WP_INSTALLING', true);\n" : ''}require ABSPATH . 'wp-load.php';\n${code}\n`,
    );
    const result = spawnSync('php', [file], { encoding: 'utf8', cwd: docroot });
    if (result.status !== 0 || /PHP (Fatal|Parse) error/.test(result.stdout + result.stderr))
      throw new Error(`PHP script failed (${file}):\n${result.stdout}\n${result.stderr}`);
    return result.stdout;
  };
  runPhp(
    `require_once ABSPATH . 'wp-admin/includes/upgrade.php';
wp_install('A Kasuwa partner blog', ${phpString(admin.user)}, 'admin@example.ng', true, '', ${phpString(admin.password)});`,
    true,
  );
  if (multisite) {
    // What Tools → Network Setup does, then its wp-config.php lines (our wp-config.php reads network.php).
    runPhp(
      `require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/network.php';
update_option('home', ${phpString(url)}); update_option('siteurl', ${phpString(url)});
foreach ($wpdb->tables('ms_global') as $table => $prefixed) $wpdb->$table = $prefixed;
install_network();
$result = populate_network(1, ${phpString(`127.0.0.1:${port}`)}, 'admin@example.ng', 'A Kasuwa network', '/', false);
if (is_wp_error($result)) { fwrite(STDERR, $result->get_error_message()); exit(1); }`,
      true,
    );
    fs.writeFileSync(
      path.join(docroot, 'network.php'),
      `<?php
define('MULTISITE', true);
define('SUBDOMAIN_INSTALL', false);
define('DOMAIN_CURRENT_SITE', '127.0.0.1:${port}');
define('PATH_CURRENT_SITE', '/');
define('SITE_ID_CURRENT_SITE', 1);
define('BLOG_ID_CURRENT_SITE', 1);
`,
    );
  }
  // Four workers, in a process group of their own so that stop() ends them all: one worker alone can keep
  // the login's redirect to wp-admin waiting past the test's timeout.
  const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', docroot, path.join(dir, 'router.php')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    detached: true,
  });
  const log: string[] = [];
  server.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  await waitForPort(port, server);
  return {
    url,
    version: runPhp('echo get_bloginfo("version");'),
    php: (code) => runPhp(code),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-(server.pid as number), 'SIGTERM');
        await exited;
      }
      const errors = log
        .join('')
        .split('\n')
        .filter((line) => /PHP (Fatal error|Warning|Parse error)/.test(line));
      sql(`DROP DATABASE IF EXISTS ${database}`);
      fs.rmSync(dir, { recursive: true, force: true });
      if (errors.length) throw new Error(`WordPress logged PHP errors:\n${errors.join('\n')}`);
    },
  };
}

/**
 * Publishes posts, each as the user whose login is its `role`, kses applying as in the editor, on the
 * network's site `site` (1: the main one); returns each post's id and what it stored.
 */
export function publishAs(
  wp: WordPress,
  drafts: { name: string; role: string; title: string; content: string }[],
  site = 1,
): Record<string, { id: number; content: string }> {
  const json = Buffer.from(JSON.stringify(drafts)).toString('base64');
  const out = wp.php(`
if (is_multisite()) switch_to_blog(${site});
$stored = [];
foreach (json_decode(base64_decode('${json}'), true) as $draft) {
  wp_set_current_user(get_user_by('login', $draft['role'])->ID);
  $id = wp_insert_post(wp_slash(['post_title' => $draft['title'], 'post_content' => $draft['content'], 'post_status' => 'publish']), true);
  if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message()); exit(1); }
  $stored[$draft['name']] = ['id' => $id, 'content' => get_post($id)->post_content];
}
echo json_encode($stored);`);
  return JSON.parse(out);
}

/**
 * Stores `link` as the signups link of the network's site `site` (1: the main one), and `origin` as its
 * widget origin when given, and makes the dashboard's cached numbers its own, due for a fetch: the next
 * dashboard load shows what the box makes of `link` now over the numbers it had (saving the link in
 * Settings → Kasuwa would empty that cache instead).
 */
export function fetchAgainWith(
  wp: WordPress,
  link: string,
  { site = 1, origin }: { site?: number; origin?: string } = {},
): void {
  wp.php(`if (is_multisite()) switch_to_blog(${site});
${origin ? `update_option('kasuwa_origin', ${phpString(origin)});` : ''}
$t = get_transient('kasuwa_partner_counts'); $t['link'] = hash('sha256', ${phpString(link)}); $t['next'] = 0;
update_option('kasuwa_partner_link', ${phpString(link)}); set_transient('kasuwa_partner_counts', $t, 3600);`);
}

/** Seconds until the dashboard box fetches its numbers again (on the network's site `site`). */
export const secondsToNextFetch = (wp: WordPress, site = 1) =>
  Number(
    wp.php(
      `if (is_multisite()) switch_to_blog(${site}); echo get_transient('kasuwa_partner_counts')['next'] - time();`,
    ),
  );

/** Installs and activates our plugin from the zip our server serves (kept as test-results/`file`). */
export async function installOurPlugin(wp: WordPress, file: string): Promise<void> {
  const zip = path.resolve('test-results', file);
  const served = await fetch(`http://127.0.0.1:${E2E_PORT}/downloads/kasuwa-wordpress.zip`);
  fs.writeFileSync(zip, Buffer.from(await served.arrayBuffer()));
  installPlugin(wp, zip, 'kasuwa/kasuwa.php');
}

/** Installs and activates a plugin's zip with WordPress's own upgrader, as Plugins → Add New → Upload Plugin does. */
export function installPlugin(wp: WordPress, zip: string, plugin: string): void {
  wp.php(`
require_once ABSPATH . 'wp-admin/includes/admin.php';
require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
wp_set_current_user(1);
$result = (new Plugin_Upgrader(new Automatic_Upgrader_Skin()))->install(${phpString(zip)});
if ($result !== true) { fwrite(STDERR, is_wp_error($result) ? $result->get_error_message() : 'install failed'); exit(1); }
$active = activate_plugin(${phpString(plugin)});
if (is_wp_error($active)) { fwrite(STDERR, $active->get_error_message()); exit(1); }`);
}

/**
 * Logs in at wp-login.php as a browser user does, straight to `next` (a path under wp-admin, its
 * redirect_to, where every caller goes first), and waits for that page's start, which proves the login.
 */
export async function logIn(page: Page, url: string, user: { user: string; password: string }, next: string) {
  await page.goto(`${url}/wp-login.php?redirect_to=${encodeURIComponent(`${url}${next}`)}`);
  const name = page.getByLabel('Username or Email Address');
  // wp-login.php focuses and selects the username field 200 ms after it loads (wp_attempt_focus). A fill
  // of the password before that could type it over the username ("The password field is empty"), so
  // the password waits for that focus.
  await expect(name).toBeFocused();
  await name.fill(user.user);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${url}${next}`, { waitUntil: 'commit' });
}
