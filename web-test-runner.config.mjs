/**
 * @web/test-runner: the widgets as built (dist/widgets) in real Chromium. Tests (widgets/**\/*.browser.ts,
 * TypeScript compiled by esbuild, type-checked by tsc) import the bundle the way a partner page does;
 * /graphql is answered by widgets/test-support/fake-graphql.ts so each state can be reached.
 */
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS } from './scripts/chromium.mjs';

// The fake answers live in TypeScript (checked against the real schema by fake-graphql.test.ts).
const { fakeGraphqlAnswer, releaseHeld } = await tsImport('./widgets/test-support/fake-graphql.ts', import.meta.url);

const requests = [];
const chunks = [];

// Chunks whose name starts with this are answered only once a test releases them (/__release-chunks),
// so a test can act before a chunk has arrived (e.g. submit before the API client has loaded).
let heldChunkPrefix = null;
const heldChunks = [];

/**
 * /graphql answered by the fake; /__requests hands the tests what was sent, /__release frees held
 * answers, /__chunks names the widget chunks the server was asked for since the last call,
 * /__hold-chunks?prefix=… and /__release-chunks hold and free chunk requests.
 */
async function fakeGraphql(ctx, next) {
  if (ctx.path.startsWith('/dist/widgets/chunks/')) {
    const name = ctx.path.split('/').pop();
    chunks.push(name);
    if (heldChunkPrefix && name.startsWith(heldChunkPrefix)) await new Promise((resolve) => heldChunks.push(resolve));
  }
  if (ctx.path === '/__hold-chunks') {
    heldChunkPrefix = ctx.query.prefix;
    ctx.body = '{}';
    ctx.type = 'json';
    return;
  }
  if (ctx.path === '/__release-chunks') {
    const released = heldChunks.splice(0);
    heldChunkPrefix = null;
    for (const release of released) release();
    ctx.body = JSON.stringify({ released: released.length });
    ctx.type = 'json';
    return;
  }
  if (ctx.path === '/__chunks') {
    ctx.body = JSON.stringify(chunks.splice(0));
    ctx.type = 'json';
    return;
  }
  if (ctx.path === '/__requests') {
    ctx.body = JSON.stringify(requests.splice(0));
    ctx.type = 'json';
    return;
  }
  if (ctx.path === '/__release') {
    ctx.body = JSON.stringify({ released: releaseHeld() });
    ctx.type = 'json';
    return;
  }
  if (ctx.path !== '/graphql') return next();
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  const parts = [];
  for await (const part of ctx.req) parts.push(part);
  const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
  requests.push(body);
  const answer = await fakeGraphqlAnswer(body);
  ctx.status = answer.status;
  ctx.type = answer.type;
  ctx.body = answer.body;
}

export default {
  files: 'widgets/**/*.browser.ts',
  nodeResolve: true,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' })],
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
