/**
 * Lingui's extraction (`npm run build` runs it, scripts/i18n.mjs): one PO file per language in locales/,
 * sorted by message id and without line numbers, so two branches adding messages merge cleanly.
 * What each language's catalog holds and who reviews it: docs/languages.md.
 */
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const config: LinguiConfig = {
  locales: ['en', 'pcm', 'ha', 'yo', 'ig'],
  sourceLocale: 'en',
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}',
      include: [
        '<rootDir>/widgets',
        '<rootDir>/site',
        '<rootDir>/server',
        '<rootDir>/common',
        '<rootDir>/integrations/wordpress',
      ],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.browser.ts', '**/testing/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
};

export default config;
