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

export async function runValidity({ siteDir, log = console.log }) {
  const jar = require('vnu-jar');
  const samplesDir = await serverPages(siteDir);
  const files = [...htmlFiles(siteDir), ...htmlFiles(samplesDir)];
  const result = spawnSync('java', ['-jar', jar, '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`could not run java for vnu.jar: ${result.error.message}`);
  const messages = JSON.parse(result.stdout || '{"messages":[]}').messages;
  const rows = files.map((file) => {
    const url = `file:${path.resolve(file)}`;
    const mine = messages.filter((message) => message.url === url || message.url?.endsWith(path.resolve(file)));
    const errors = mine.filter((message) => message.type === 'error' || message.subType === 'fatal');
    const warnings = mine.filter((message) => message.type === 'info' && message.subType === 'warning');
    for (const error of errors) log(`[validity] ${file}:${error.lastLine ?? '?'} ${error.message}`);
    return {
      file: file.startsWith(samplesDir) ? `(server) ${path.basename(file)}` : path.relative(siteDir, file),
      errors: errors.length,
      warnings: warnings.length,
      ok: errors.length === 0,
    };
  });
  fs.rmSync(samplesDir, { recursive: true, force: true });
  log(
    `[validity] ${files.length} pages, ${rows.reduce((sum, row) => sum + row.errors, 0)} errors, ${rows.reduce((sum, row) => sum + row.warnings, 0)} warnings`,
  );
  return rows;
}
