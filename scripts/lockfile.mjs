/**
 * package-lock.json (v2/v3) as the supply-chain scripts read it (install scripts, licences, the SBOM):
 * its installed packages, the root left out, each with its name (the entry's own, else its folder's).
 */
const NODE_MODULES = 'node_modules/';

/** `{ where, name, entry }` for each installed package of `lock`, in lockfile order. */
export function lockPackages(lock) {
  return Object.entries(lock.packages ?? {})
    .filter(([where]) => where)
    .map(([where, entry]) => ({
      where,
      name: entry.name ?? where.slice(where.lastIndexOf(NODE_MODULES) + NODE_MODULES.length),
      entry,
    }));
}
