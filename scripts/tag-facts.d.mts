/** Types for scripts/tag-facts.mjs, so vite.config.ts can import it. */
export declare function tagFactsModule(file: string, name: string, facts: readonly string[]): Promise<string>;
