/** Types for scripts/wordpress-i18n.mjs, so the tests can import it. */
export declare const WORDPRESS_LOCALES: Record<string, string>;
export type PluginString = { context: string; msgid: string; references: Set<string>; script: boolean };
export declare function pluginStrings(): PluginString[];
export declare function pluginTranslations(): Promise<{
  strings: PluginString[];
  languages: Record<string, (PluginString & { id?: string; msgstr: string })[]>;
  missing: string[];
}>;
export declare function moFile(pairs: [string, string][]): Buffer;
export declare function wordpressLanguageFiles(): Promise<{
  files: Record<string, string | Buffer>;
  missing: string[];
}>;
