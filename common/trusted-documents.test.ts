import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRUSTED_DOCUMENT_HASHES, TRUSTED_DOCUMENT_SOURCES } from './trusted-documents.js';

describe('trusted documents', () => {
  it.each(Object.entries(TRUSTED_DOCUMENT_SOURCES))(
    'given %s should carry the SHA-256 of its text, as the persisted-query protocol names it',
    (operation, source) => {
      expect(TRUSTED_DOCUMENT_HASHES[operation as keyof typeof TRUSTED_DOCUMENT_HASHES]).toBe(
        createHash('sha256').update(source).digest('hex'),
      );
    },
  );
});
