/** Types for scripts/runtime.mjs, so the TypeScript configs can import it. */
export declare const RUNTIME_PACKAGE: string;
export declare const OLDEST_MAJOR: number;
export declare function pinnedVersion(): string;
export declare function unsupportedRuntime(version?: string): string | undefined;
export declare function requireSupportedRuntime(): void;
export declare function ensureNativeModules(node?: string): string[];
