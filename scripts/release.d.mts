/** Types for scripts/release.mjs, so the TypeScript configs can import it. */
export declare const RELEASE_FILES: string[];
export declare const RELEASE_FOLDERS: string[];
export declare const SBOM_FILE: string;
export declare function assembleRelease(target: string): string;
export declare function sbom(dir?: string): string;
