#!/usr/bin/env node
/**
 * `npm run licences [-- dir]`: the licence of every package a production install brings (the lockfile's
 * entries that are not dev-only, as recorded from each manifest; the project's lockfile or dir's).
 * Permissive licences only; anything else must be in EXCEPTIONS with the reason we accept it, or the
 * check fails and names it (docs/security.md "Supply chain").
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lockPackages } from './lockfile.mjs';

/** SPDX identifiers that ask no more than keeping the notice: no copyleft, no field-of-use terms. */
export const PERMISSIVE = [
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Unlicense',
  'Zlib',
];

/** Packages accepted under a licence outside PERMISSIVE, by name, with the licence seen and why. */
export const EXCEPTIONS = {
  argparse: {
    licence: 'Python-2.0',
    reason: 'the PSF licence: permissive (OSI-approved, no copyleft), only not in our short list',
  },
  'caniuse-lite': {
    licence: 'CC-BY-4.0',
    reason: 'browser-support data, not code, needing attribution only; reached through an optional peer of @lingui',
  },
};

/**
 * Whether an SPDX expression is satisfied by permissive licences: `A OR B` needs one side, `A AND B` both
 * (parentheses honoured); `WITH` exceptions and unknown identifiers are not permissive.
 */
export function permissive(expression) {
  const tokens = String(expression).match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const term = () => {
    const token = tokens[at++];
    if (token === '(') {
      const value = or();
      at++; // ')'
      return value;
    }
    if (tokens[at] === 'WITH') {
      at += 2;
      return false;
    }
    return PERMISSIVE.includes(token);
  };
  const and = () => {
    let value = term();
    while (tokens[at] === 'AND') {
      at++;
      value = term() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (tokens[at] === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  return tokens.length > 0 && or() && at === tokens.length;
}

/** The production packages of a lockfile (v2/v3) as `{ name, version, licence }`, each name@version once. */
export function productionPackages(lock) {
  const seen = new Map();
  for (const { name, entry } of lockPackages(lock)) {
    if (entry.dev || entry.link) continue;
    seen.set(`${name}@${entry.version}`, { name, version: entry.version, licence: entry.license });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** What fails the check: production packages neither permissive nor excepted under the licence they have. */
export function licenceProblems(lock, exceptions = EXCEPTIONS) {
  return productionPackages(lock).filter(({ name, licence }) => {
    if (licence && permissive(licence)) return false;
    const exception = exceptions[name];
    return !exception || exception.licence !== licence;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? root);
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
  const problems = licenceProblems(lock);
  const count = productionPackages(lock).length;
  if (problems.length) {
    console.error(`[licences] ${problems.length} of ${count} production packages are not under a permissive licence:`);
    for (const { name, version, licence } of problems)
      console.error(`  ${name}@${version}: ${licence ?? 'no licence'}`);
    console.error(
      'Replace them, or add them to EXCEPTIONS in scripts/licences.mjs with the reason (docs/security.md).',
    );
    process.exit(1);
  }
  const excepted = Object.keys(EXCEPTIONS).length;
  console.log(`[licences] ${count} production packages: all permissive (${excepted} exceptions listed with reasons)`);
}
