/**
 * Widget versions (docs/embedding.md#versions): each build writes widgets/integrity.json (the version of
 * packages/widgets/package.json and the sha384 of its loaders); the first build of a version copies its
 * widgets into releases/widgets/<version>/, which later builds never change, served at /widgets/<version>/
 * until 12 months after a newer version came. packages/widgets/releases.json keeps each version's hashes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compareVersions } from '../common/versions.mjs';

export const RELEASES = path.join('releases', 'widgets');
export const RELEASES_FILE = 'packages/widgets/releases.json';
const REPLACED_AT = '.replaced-at';
const KEEP_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The files a page pins with `integrity`: the loader and the one-file bundle. */
const PINNED = ['kasuwa-widgets.js', 'kasuwa-widgets.iife.js'];

export const widgetsVersion = () => JSON.parse(fs.readFileSync('packages/widgets/package.json', 'utf8')).version;
const sha384 = (file) => `sha384-${createHash('sha384').update(fs.readFileSync(file)).digest('base64')}`;
const readReleases = () => (fs.existsSync(RELEASES_FILE) ? JSON.parse(fs.readFileSync(RELEASES_FILE, 'utf8')) : {});

/**
 * Writes <out>/widgets/integrity.json, keeps this version in releases/ (once) and in releases.json (a new
 * version is added; a known one with other bytes is reported: the version must change). Returns a line.
 */
export function releaseWidgets(out, now = new Date()) {
  const widgetsDir = path.join(out, 'widgets');
  const version = widgetsVersion();
  const files = Object.fromEntries(PINNED.map((file) => [file, sha384(path.join(widgetsDir, file))]));
  fs.writeFileSync(path.join(widgetsDir, 'integrity.json'), `${JSON.stringify({ version, files }, null, 2)}\n`);

  const releases = readReleases();
  let note = `widgets ${version}`;
  if (!releases[version]) {
    fs.writeFileSync(RELEASES_FILE, `${JSON.stringify({ ...releases, [version]: files }, null, 2)}\n`);
    note += ` added to ${RELEASES_FILE}`;
  } else if (JSON.stringify(releases[version]) !== JSON.stringify(files)) {
    console.warn(
      `[build] the widgets changed, but ${version} was released with other bytes: bump the version in packages/widgets/package.json and say what changed in packages/widgets/CHANGELOG.md (docs/embedding.md#versions)`,
    );
  }

  const kept = path.join(RELEASES, version);
  if (!fs.existsSync(kept)) {
    for (const other of fs.existsSync(RELEASES) ? fs.readdirSync(RELEASES) : []) {
      const marker = path.join(RELEASES, other, REPLACED_AT);
      if (!fs.existsSync(marker)) fs.writeFileSync(marker, now.toISOString());
    }
    fs.mkdirSync(RELEASES, { recursive: true });
    fs.cpSync(widgetsDir, kept, { recursive: true });
    note += `, kept in ${kept}`;
  }
  for (const other of fs.readdirSync(RELEASES)) {
    const marker = path.join(RELEASES, other, REPLACED_AT);
    if (fs.existsSync(marker) && now.getTime() - Date.parse(fs.readFileSync(marker, 'utf8')) > KEEP_DAYS * DAY_MS) {
      fs.rmSync(path.join(RELEASES, other), { recursive: true, force: true });
      note += `; ${other} (replaced over ${KEEP_DAYS} days ago) removed`;
    }
  }
  return note;
}

/** docs/embedding.md's version table, from releases.json: newest first. */
export function versionTable() {
  const rows = Object.entries(readReleases())
    .sort(([a], [b]) => compareVersions(b, a))
    .map(
      ([version, files]) =>
        `| ${version} | \`/widgets/${version}/kasuwa-widgets.js\` | \`${files['kasuwa-widgets.js']}\` | \`${files['kasuwa-widgets.iife.js']}\` |`,
    );
  return [
    '| version | loader | its integrity | kasuwa-widgets.iife.js integrity |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Rewrites the table between `<!-- generated: versions -->` and its end marker when it differs. */
export function writeVersionTable(guide = 'docs/embedding.md') {
  const [start, end] = ['<!-- generated: versions -->', '<!-- end generated: versions -->'];
  const text = fs.readFileSync(guide, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${guide}: missing the markers of the generated version table`);
  const next = `${text.slice(0, from + start.length)}\n\n${versionTable()}\n\n${text.slice(to)}`;
  if (next !== text) fs.writeFileSync(guide, next);
}
