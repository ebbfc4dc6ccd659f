/** Types for scripts/install-scripts.mjs, so the TypeScript configs can import it. */
type LockEntry = { name?: string; version?: string; resolved?: string; hasInstallScript?: boolean; link?: boolean };
export declare function parseKey(key: string): { name: string; versions: string[] };
export declare function installScriptProblems(
  lock: { packages: Record<string, LockEntry> },
  allowScripts: Record<string, boolean>,
  hasBindingGyp?: (where: string) => boolean,
): string[];
