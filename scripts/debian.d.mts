/** Types for scripts/debian.mjs, so TypeScript can import it. */
export declare function installFromDebian(pkg: string, label: string): boolean;
export declare function findOrInstall<T>(find: () => T | undefined, pkg: string, label: string): T | undefined;
