/**
 * The newest WordPress to test on without the internet: Debian unstable's `wordpress` package and the
 * packages its files link into, fetched with apt-get from Debian's archive under a private apt state
 * (the machine's own sources and packages stay as they are) and unpacked with dpkg-deb into a cache
 * folder, beside Debian stable's /usr/share/wordpress. php -S serves it like that one (wordpress-site.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SUITE = 'sid';
/** WordPress, its default theme, and the libraries Debian links into it instead of shipping copies. */
const PACKAGES = [
  'wordpress',
  'wordpress-theme-twentytwentyfive',
  'libphp-phpmailer',
  'php-getid3',
  'libjs-underscore',
  'libjs-jquery-ui',
  'libjs-lodash',
  'libjs-cropper',
];
const CACHE = process.env.KASUWA_WORDPRESS_CACHE ?? path.join(os.homedir(), '.cache/kasuwa/wordpress-debian-sid');
const ROOT = path.join(CACHE, 'root');
export const NEWEST_WORDPRESS = path.join(ROOT, 'usr/share/wordpress');

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: CACHE });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`.slice(0, 4000));
  return result.stdout;
}

/** The folder of the newest WordPress, fetched and unpacked the first time (some 25 MB, a few seconds). */
export function newestWordPress(): string {
  if (fs.existsSync(path.join(NEWEST_WORDPRESS, 'wp-settings.php'))) return NEWEST_WORDPRESS;
  if (!fs.existsSync('/usr/bin/apt-get') || process.env.KASUWA_NO_APT === '1')
    throw new Error(
      `The newest WordPress is not in ${CACHE}: run the test where apt-get may fetch it (KASUWA_NO_APT unset).`,
    );
  console.log(`[wordpress] fetching Debian ${SUITE}'s ${PACKAGES.join(' ')} into ${CACHE}`);
  fs.rmSync(CACHE, { recursive: true, force: true });
  for (const dir of ['lists/partial', 'cache/archives/partial', 'debs'])
    fs.mkdirSync(path.join(CACHE, dir), { recursive: true });
  const keyring = '/usr/share/keyrings/debian-archive-keyring.gpg';
  fs.writeFileSync(
    path.join(CACHE, 'sources.list'),
    `deb [signed-by=${keyring}] http://deb.debian.org/debian ${SUITE} main\n`,
  );
  const apt = [
    '-qq',
    '-o',
    `Dir::Etc::SourceList=${path.join(CACHE, 'sources.list')}`,
    '-o',
    'Dir::Etc::SourceParts=/dev/null',
    '-o',
    `Dir::State::Lists=${path.join(CACHE, 'lists')}`,
    '-o',
    `Dir::Cache=${path.join(CACHE, 'cache')}`,
    '-o',
    'APT::Sandbox::User=root',
  ];
  run('apt-get', [...apt, 'update']);
  const debs = path.join(CACHE, 'debs');
  const download = spawnSync('apt-get', [...apt, 'download', ...PACKAGES.map((pkg) => `${pkg}/${SUITE}`)], {
    encoding: 'utf8',
    cwd: debs,
  });
  if (download.status !== 0) throw new Error(`apt-get download failed:\n${download.stderr}`);
  for (const deb of fs.readdirSync(debs).filter((file) => file.endsWith('.deb')))
    run('dpkg-deb', ['-x', path.join(debs, deb), ROOT]);
  if (!fs.existsSync(path.join(NEWEST_WORDPRESS, 'wp-settings.php')))
    throw new Error(`Debian ${SUITE}'s wordpress did not unpack into ${NEWEST_WORDPRESS}`);
  fs.rmSync(path.join(CACHE, 'lists'), { recursive: true, force: true });
  return NEWEST_WORDPRESS;
}
