/**
 * Validity gate: every rendered page through the W3C Nu HTML Checker (vnu-jar, needs Java).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export function htmlFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file))
    .sort();
}

export function runValidity({ siteDir, log = console.log }) {
  const jar = require('vnu-jar');
  const files = htmlFiles(siteDir);
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
      file: path.relative(siteDir, file),
      errors: errors.length,
      warnings: warnings.length,
      ok: errors.length === 0,
    };
  });
  log(
    `[validity] ${files.length} pages, ${rows.reduce((sum, row) => sum + row.errors, 0)} errors, ${rows.reduce((sum, row) => sum + row.warnings, 0)} warnings`,
  );
  return rows;
}
