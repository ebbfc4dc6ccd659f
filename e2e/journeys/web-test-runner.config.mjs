/**
 * The embed journeys (e2e/journeys/*.journey.ts) in Chromium, Firefox ESR and WebKitGTK, which Playwright
 * cannot drive as Debian ships them: the test page plays a partner's page on another origin, loading our
 * script from the built product started here with a fresh DATA_DIR (docs/quality.md#engines).
 */
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { startBuiltServer } from '../../scripts/with-server.mjs';
import { testRunnerBase } from '../../testing/system/engines.mjs';

const product = await startBuiltServer(Number(process.env.JOURNEYS_PORT ?? 3108));
// The same product with the third-party IDs set: the cookie question (consent.journey.ts).
const withIds = await startBuiltServer(await freePort(), {
  GA_MEASUREMENT_ID: 'G-TEST1234',
  META_PIXEL_ID: '1234567890',
  CHAT_WIDGET_ID: 'abc123/default',
});
process.once('exit', () => {
  product.stop();
  withIds.stop();
});

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The signup row the product stored for an address, read from its SQLite file (null when none). */
function storedSignup(email) {
  const sqlite = new SQLite(path.join(product.dataDir, 'kasuwa.sqlite'), { readonly: true });
  try {
    return sqlite.prepare('SELECT email, partner, source FROM signups WHERE email = ?').get(email) ?? null;
  } finally {
    sqlite.close();
  }
}

/**
 * /__site/…: a page of the product with IDs, on this origin (its own paths rewritten under /__site/),
 * so a journey can open it in a frame and read it.
 */
async function siteWithIds(ctx) {
  const response = await fetch(`${withIds.base}${ctx.path.slice('/__site'.length) || '/'}`);
  const type = response.headers.get('content-type') ?? '';
  ctx.type = type;
  ctx.status = response.status;
  if (!type.startsWith('text/html')) {
    ctx.body = Buffer.from(await response.arrayBuffer());
    return;
  }
  ctx.body = (await response.text()).replace(/(href|src|data-manifest)="\/(?!\/)/g, '$1="/__site/');
}

/** /__product: where the product runs; /__stored-signup?email=…: what it stored for that address. */
async function productInfo(ctx, next) {
  if (ctx.path.startsWith('/__site/')) return siteWithIds(ctx);
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
