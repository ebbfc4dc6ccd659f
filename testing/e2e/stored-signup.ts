/** The signup row the e2e server stored for an address (its SQLite file under E2E_DATA_DIR), if any. */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { E2E_DATA_DIR } from '../../playwright.config.js';

export function storedSignup(email: string): Record<string, unknown> | undefined {
  const sqlite = new SQLite(path.join(E2E_DATA_DIR, 'kasuwa.sqlite'), { readonly: true });
  try {
    return sqlite.prepare('SELECT * FROM signups WHERE email = ?').get(email) as Record<string, unknown> | undefined;
  } finally {
    sqlite.close();
  }
}
