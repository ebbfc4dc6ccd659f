/**
 * The embed journeys (e2e/journeys/*.journey.ts) in Chromium, Firefox ESR and WebKitGTK, which Playwright
 * cannot drive as Debian ships them: the test page plays a partner's page on another origin, loading our
 * script from the built product started here with a fresh DATA_DIR (docs/quality.md#engines).
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { testRunnerBase } from '../../scripts/engines.mjs';
import { startBuiltServer } from '../../scripts/with-server.mjs';

const product = await startBuiltServer(Number(process.env.JOURNEYS_PORT ?? 3108));
process.once('exit', () => product.stop());

/** The signup row the product stored for an address, read from its SQLite file (null when none). */
function storedSignup(email) {
  const sqlite = new SQLite(path.join(product.dataDir, 'kasuwa.sqlite'), { readonly: true });
  try {
    return sqlite.prepare('SELECT email, partner, source FROM signups WHERE email = ?').get(email) ?? null;
  } finally {
    sqlite.close();
  }
}

/** /__product: where the product runs; /__stored-signup?email=…: what it stored for that address. */
async function productInfo(ctx, next) {
  if (ctx.path === '/__product') ctx.body = JSON.stringify({ base: product.base });
  else if (ctx.path === '/__stored-signup') ctx.body = JSON.stringify(storedSignup(String(ctx.query.email)));
  else return next();
  ctx.type = 'json';
}

export default {
  ...(await testRunnerBase('journeys')),
  files: 'e2e/journeys/*.journey.ts',
  testFramework: { config: { timeout: 15_000 } },
  middleware: [productInfo],
};
