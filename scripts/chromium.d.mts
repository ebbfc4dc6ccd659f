/** Types for scripts/chromium.mjs, so the TypeScript configs can import it. */
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_PATHS: string[];
export declare function findChromium(): string | undefined;
export declare function ensureChromium(): string;
