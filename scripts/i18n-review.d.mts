/** Types for scripts/i18n-review.mjs, so the tests can import it. */
import type { PoEntry } from './i18n.mjs';

export type ReviewRow = {
  id: string;
  status: 'draft' | 'reviewed';
  english: string;
  translation: string;
  where: string;
  glossary: string;
};
export type GlossaryRow = Record<string, string> & { english: string[] };
export type Returned = Map<string, { correction: string; reviewed: boolean; english?: string }>;
export declare const CSV_COLUMNS: string[];
export declare function readGlossary(markdown?: string): GlossaryRow[];
export declare function glossaryFor(english: string, glossary: GlossaryRow[]): GlossaryRow[];
export declare function whereUsed(origins: [string, number?][]): string;
export declare function reviewRows(locale: string, glossary?: GlossaryRow[]): Promise<ReviewRow[]>;
export declare function reviewCsv(rows: ReviewRow[]): string;
export declare function reviewHtml(locale: string, rows: ReviewRow[], crops?: Map<string, unknown>): string;
export declare function readReturnedCsv(file: string): Promise<Returned>;
export declare function readReturnedPo(file: string, locale: string): Promise<Returned>;
export declare function mergeReturned(
  catalog: Record<string, PoEntry>,
  english: Record<string, PoEntry>,
  returned: Returned,
): { corrected: number; reviewed: number; stale: string[]; unknown: string[] };
