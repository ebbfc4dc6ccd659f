/** Types for scripts/i18n.mjs, so the tests can import it. */
export declare const LOCALES: string[];
export declare const PSEUDO_LOCALE: string;
export type PoEntry = {
  message?: string;
  translation?: string;
  origin?: [string, number?][];
  comments?: string[];
  extra?: { translatorComments?: string[]; flags?: string[] };
};
export declare function readCatalog(locale: string): Promise<Record<string, PoEntry>>;
export declare function compileCatalogs(): Promise<string[]>;
export declare function extractMessages(): void;
export declare function updateCatalogs(options?: { extract?: boolean }): Promise<string[]>;
export declare function pseudoText(text: string): string;
export declare function widgetMessages(): Promise<Record<string, { key: string; m: unknown }>>;
export declare function widgetKeys(ids: string[]): Record<string, string>;
export declare function catalogsByUrl(built: Map<string, string>): import('esbuild').Plugin;
export declare function englishHash(text: string): string;
export declare function reviewStatus(entry: PoEntry | undefined): 'reviewed' | 'draft';
export declare function markReviewStatus(
  catalog: Record<string, PoEntry & { obsolete?: boolean }>,
  english: Record<string, PoEntry>,
  options?: { reviewed?: Set<string> },
): boolean;
export declare function writeCatalog(locale: string, catalog: Record<string, PoEntry>): Promise<boolean>;
export declare function markCatalogs(): Promise<string[]>;
