/**
 * Validity gate: every rendered page through the W3C Nu HTML Checker (vnu-jar, needs Java), and the
 * pages the server renders per request (no-JS signup and rank answers), rendered once with samples.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

export function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file))
    .sort();
}

/** Sample answers of the server's own pages, through the built site module (dist/server/site-pages.js). */
async function serverPages(siteDir) {
  const module = path.resolve('dist/server/site-pages.js');
  const { createPageRenderers } = await import(pathToFileURL(module).href);
  const pages = createPageRenderers({
    siteDir,
    publicUrl: undefined,
    production: true,
    analytics: {},
    onRequest: false,
  });
  const standing = {
    storeId: 'demo',
    name: 'Ada Fabrics',
    logo: null,
    rank: 8,
    totalRevenue: 557_074,
    winningRevenue: 566_798,
    revenueToWin: 9_724,
  };
  const samples = {
    'rank-found.html': pages.rankResult({ kind: 'found', domain: 'ada-fabrics', standing }),
    'rank-not-found.html': pages.rankResult({
      kind: 'error',
      domain: 'nope',
      message: "We couldn't find a store with that domain",
    }),
    'rank-form.html': pages.rankResult({ kind: 'form' }),
    'signup-confirmed.html': pages.signupResult({ ok: true }),
    'signup-refused.html': pages.signupResult({
      ok: false,
      email: 'ada@example.ng',
      message: 'Too many tries. Try again in 12 minutes.',
    }),
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-server-pages-'));
  for (const [name, html] of Object.entries(samples)) fs.writeFileSync(path.join(dir, name), html);
  return dir;
}

/** The address a built page is served at: `pcm/index.html` → `/pcm/`, `404.html` → an unknown path. */
export function pagePath(file) {
  return `/${file
    .replace(/(^|\/)404\.html$/, '$1no-such-page')
    .replace(/(^|\/)index\.html$/, '$1')
    .replace(/\.html$/, '')}`;
}

/** Each built page as a running server answers it (with its run-time configuration), in a folder of their own. */
async function servedPages(siteDir, base) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-served-pages-'));
  for (const file of htmlFiles(siteDir).map((file) => path.relative(siteDir, file))) {
    const response = await fetch(base + pagePath(file));
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), await response.text());
  }
  return dir;
}

/**
 * What vnu has not learnt yet, each with the standard that allows it, matched on the message and its
 * source, nothing wider: `<link rel="expect" blocking="render">` (WHATWG HTML since 2024, Chromium 124;
 * site/layout.ts), which vnu 26.9 still reads as an attribute for stylesheets only.
 */
const AHEAD_OF_VNU = [
  (message) => message.message.includes('“blocking” attribute') && Boolean(message.extract?.includes('rel="expect"')),
];

/** `servedFrom`: check the pages as that server answers them instead of the files (audit --with-ids). */
export async function runValidity({ siteDir, servedFrom, log = console.log }) {
  const jar = require('vnu-jar');
  const samplesDir = await serverPages(siteDir);
  const pagesDir = servedFrom ? await servedPages(siteDir, servedFrom) : siteDir;
  const files = [...htmlFiles(pagesDir), ...htmlFiles(samplesDir)];
  const result = spawnSync('java', ['-jar', jar, '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`could not run java for vnu.jar: ${result.error.message}`);
  const messages = JSON.parse(result.stdout || '{"messages":[]}').messages;
  const rows = files.map((file) => {
    const url = `file:${path.resolve(file)}`;
    const mine = messages.filter((message) => message.url === url || message.url?.endsWith(path.resolve(file)));
    const errors = mine.filter(
      (message) =>
        (message.type === 'error' || message.subType === 'fatal') && !AHEAD_OF_VNU.some((known) => known(message)),
    );
    const warnings = mine.filter((message) => message.type === 'info' && message.subType === 'warning');
    for (const error of errors) log(`[validity] ${file}:${error.lastLine ?? '?'} ${error.message}`);
    return {
      file: file.startsWith(samplesDir) ? `(server) ${path.basename(file)}` : path.relative(pagesDir, file),
      errors: errors.length,
      warnings: warnings.length,
      ok: errors.length === 0,
    };
  });
  fs.rmSync(samplesDir, { recursive: true, force: true });
  if (servedFrom) fs.rmSync(pagesDir, { recursive: true, force: true });
  log(
    `[validity] ${files.length} pages, ${rows.reduce((sum, row) => sum + row.errors, 0)} errors, ${rows.reduce((sum, row) => sum + row.warnings, 0)} warnings`,
  );
  return rows;
}
