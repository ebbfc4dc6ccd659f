/**
 * The install-script policy (docs/security.md "Install scripts"): every lockfile package with an install
 * script decided in package.json's allowScripts, allowed ones pinned to the versions reviewed, no entry
 * left over, and every package's registry URL in the lockfile (npm matches a pinned entry against it).
 */
import { lockPackages } from './lockfile.mjs';

/** `name@1.2.3 || 1.2.4` → its name and versions; a bare `name` → no versions. */
export function parseKey(key) {
  const at = key.indexOf('@', 1);
  if (at < 0) return { name: key, versions: [] };
  return {
    name: key.slice(0, at),
    versions: key
      .slice(at + 1)
      .split('||')
      .map((version) => version.trim()),
  };
}

/**
 * Each problem with the policy as one line; none when the lockfile and allowScripts agree. npm also infers
 * an install script (`node-gyp rebuild`) for a package that ships a binding.gyp, which the lockfile does not
 * mark (better-sqlite3 13): `hasBindingGyp(where)` says which installed packages have one.
 */
export function installScriptProblems(lock, allowScripts, hasBindingGyp = () => false) {
  const withScripts = lockPackages(lock)
    .filter(({ where, entry }) => entry.hasInstallScript || hasBindingGyp(where))
    .map(({ name, entry }) => ({ name, version: entry.version }));
  const problems = [];
  for (const { name, version } of withScripts) {
    const decided = Object.entries(allowScripts).some(([key, allowed]) => {
      const entry = parseKey(key);
      if (entry.name !== name) return false;
      return allowed ? entry.versions.includes(version) : entry.versions.length === 0;
    });
    if (!decided) problems.push(`${name}@${version}: undecided (npm install-scripts approve or deny ${name})`);
  }
  for (const [key, allowed] of Object.entries(allowScripts)) {
    const { name, versions } = parseKey(key);
    if (allowed && versions.length === 0) problems.push(`${key}: allowed by name alone (pin the versions reviewed)`);
    const matching = withScripts.filter((item) => item.name === name).map((item) => item.version);
    if (matching.length === 0) problems.push(`${key}: matches no install script (npm install-scripts prune)`);
    for (const version of versions) {
      if (!matching.includes(version)) problems.push(`${key}: ${name}@${version} is not in the lockfile`);
    }
  }
  for (const { where, entry } of lockPackages(lock)) {
    if (!entry.link && !entry.resolved) problems.push(`${where}: no registry URL in the lockfile`);
  }
  return problems;
}
