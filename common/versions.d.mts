export declare function compareVersions(a: string, b: string): number;
