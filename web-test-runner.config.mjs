/**
 * @web/test-runner: the widgets as built (dist/widgets) in real Chromium. Tests import the bundle the
 * way a partner page does; /graphql is answered by the fake below so each state can be reached.
 */
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS } from './scripts/chromium.mjs';

const requests = [];

const LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="56" height="56"><rect width="56" height="56" fill="teal"/></svg>')}`;

/** getStoreLeaderboard by domain: a full result, one with a logo, one with no data, not found, slow. */
async function fakeLeaderboard(domain) {
  const entry = (fields) => ({
    data: {
      getStoreLeaderboard: {
        __typename: 'StoreLeaderboard',
        storeId: 's1',
        name: 'Adaeze Fabrics',
        logo: null,
        rank: 3,
        totalRevenue: 1_500_000,
        winningRevenue: 2_000_000,
        revenueToWin: 500_000,
        ...fields,
      },
    },
  });
  if (domain === 'slow-store') await new Promise((resolve) => setTimeout(resolve, 600));
  if (domain === 'adaeze-fabrics' || domain === 'slow-store') return entry({});
  if (domain === 'with-logo') return entry({ logo: LOGO });
  if (domain === 'no-logo')
    return entry({ name: null, rank: null, totalRevenue: 0, winningRevenue: 0, revenueToWin: 0 });
  return {
    errors: [{ message: 'We could not find a store with that domain.', extensions: { code: 'STORE_NOT_FOUND' } }],
    data: null,
  };
}

/** A stand-in API: behaviour chosen by the e-mail or domain the test types. */
async function fakeGraphql(ctx, next) {
  if (ctx.path === '/__requests') {
    ctx.body = JSON.stringify(requests.splice(0));
    ctx.type = 'json';
    return;
  }
  if (ctx.path !== '/graphql') return next();
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  requests.push(body);
  if (body.variables?.query?.domain !== undefined) {
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(await fakeLeaderboard(body.variables.query.domain));
    return;
  }
  const email = body.variables?.data?.email ?? '';
  ctx.type = 'application/json';
  if (email.startsWith('offline')) {
    ctx.status = 503;
    ctx.body = 'Service Unavailable';
    return;
  }
  if (email.startsWith('limited')) {
    ctx.body = JSON.stringify({
      errors: [
        {
          message: 'Too many requests. Try again in a minute.',
          extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 60 },
        },
      ],
      data: null,
    });
    return;
  }
  if (email.startsWith('slow')) await new Promise((resolve) => setTimeout(resolve, 600));
  ctx.body = JSON.stringify({ data: { startSelling: { __typename: 'StartSellingResult', success: true } } });
}

export default {
  files: 'widgets/**/*.test.js',
  nodeResolve: true,
  concurrency: 1,
  browserStartTimeout: 60_000,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 10_000 } },
  middleware: [fakeGraphql],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
};
