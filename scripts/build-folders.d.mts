export declare const LIVE: string;
export declare const BUILDS: string;
export declare const REPLACED_AT: string;
export declare const DEV: string;
export declare function graceDays(env?: Record<string, string | undefined>): number;
export declare function newBuildFolder(options?: { fromCurrent?: boolean }): string;
export declare function swapIn(dir: string, now?: Date): void;
export declare function replacedTime(dir: string): number | undefined;
export declare function sweepBuilds(days: number, options?: { keep?: string; now?: number }): string[];
