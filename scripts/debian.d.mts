/** Types for scripts/debian.mjs, so TypeScript can import it. */
export declare function installFromDebian(pkg: string, label: string): boolean;
