/** Types for scripts/licences.mjs, so the TypeScript configs can import it. */
export declare const PERMISSIVE: string[];
export declare const EXCEPTIONS: Record<string, { licence: string; reason: string }>;
export declare function permissive(expression: string | undefined): boolean;
export declare function productionPackages(lock: unknown): { name: string; version: string; licence?: string }[];
export declare function licenceProblems(
  lock: unknown,
  exceptions?: Record<string, { licence: string; reason: string }>,
): { name: string; version: string; licence?: string }[];
