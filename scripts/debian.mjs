/**
 * Installs a missing Debian package for the tests and gates (Chromium, Java, PostgreSQL, HAProxy, nginx),
 * the way CI's .ci/run does, when we may: root, apt-get present, and KASUWA_NO_APT unset. Says what it
 * does in one line; the caller checks afterwards that what it needed is there (findOrInstall does both).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function installFromDebian(pkg, label) {
  const allowed = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get') && process.env.KASUWA_NO_APT !== '1';
  if (!allowed) return false;
  console.log(`[${label}] installing Debian's ${pkg} (apt-get install -y ${pkg})…`);
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  return update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit' }).status === 0;
}

/** What `find` finds; else, once `pkg` is installed (when we may), what it finds then; else undefined. */
export function findOrInstall(find, pkg, label) {
  return find() ?? (installFromDebian(pkg, label) ? find() : undefined);
}
