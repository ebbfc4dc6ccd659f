/**
 * @web/test-runner: the widgets as built (dist/widgets) in Chromium, Firefox ESR and WebKitGTK
 * (KASUWA_ENGINES picks some). Tests (widgets/**\/*.browser.ts) import the bundle the way a partner page
 * does; /graphql is answered by testing/browser/fake-graphql.ts so each state can be reached.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { testRunnerBase } from './testing/system/engines.mjs';

// The fake answers live in TypeScript (checked against the real schema by fake-graphql.test.ts).
const { fakeGraphqlAnswer, releaseHeld } = await tsImport('./testing/browser/fake-graphql.ts', import.meta.url);
const { PERSISTED_QUERY_NOT_FOUND } = await tsImport('./server/http/persisted-queries.ts', import.meta.url);

/**
 * What each browser sent and holds, keyed by its user agent: the engines run their test files side by
 * side, and one must not take or release another's requests. Held chunks: those whose name starts with
 * the prefix a test set are answered only once it releases them (e.g. to submit before the API client
 * has loaded); failed chunks are answered 503, as a network that drops them would.
 */
const clients = new Map();
const stateOf = (ctx) => {
  const client = ctx.get('user-agent');
  if (!clients.has(client))
    clients.set(client, {
      requests: [],
      chunks: [],
      heldChunkPrefix: null,
      heldChunks: [],
      failedChunkPrefix: null,
      forgetsDocuments: false,
    });
  return { client, state: clients.get(client) };
};

const answer = (ctx, value) => {
  ctx.body = JSON.stringify(value);
  ctx.type = 'json';
};

/**
 * /graphql answered by the fake; /__requests hands the tests what was sent, /__release frees held
 * answers, /__chunks names the widget chunks the server was asked for since the last call,
 * /__hold-chunks?prefix=… and /__release-chunks hold and free chunk requests, /__fail-chunks?prefix=…
 * fails them until /__release-chunks; /__forget-documents?on=1 answers a request by hash alone
 * PersistedQueryNotFound, as a server of another build would. Each request is kept with its method,
 * its Content-Type and what its body or address carried.
 */
async function fakeGraphql(ctx, next) {
  const { client, state } = stateOf(ctx);
  // @kasuwa/widgets adds <origin>/widgets/v1/kasuwa-widgets.js: here the built one, as under /widgets/
  // (package-loader.browser.ts). The first-paint tests load the bundles from /first-paint/widgets/: URLs
  // no other test file's page has fetched, which the browser may answer from its memory without asking.
  const bundle = /^(?:\/first-paint)?\/widgets(?:\/v\d+)?(\/(?:kasuwa-widgets(?:\.iife)?\.js$|chunks\/.*))/.exec(
    ctx.path,
  );
  if (bundle) ctx.path = `/dist/widgets${bundle[1]}`;
  if (ctx.path.startsWith('/dist/widgets/chunks/')) {
    const name = ctx.path.split('/').pop();
    state.chunks.push(name);
    if (state.failedChunkPrefix && name.startsWith(state.failedChunkPrefix)) {
      ctx.status = 503;
      return;
    }
    if (state.heldChunkPrefix && name.startsWith(state.heldChunkPrefix))
      await new Promise((resolve) => state.heldChunks.push(resolve));
  }
  // The bundles as built, past the dev server's import rewriting: its resolver would name their chunks
  // by dist's real folder (a build under builds/, scripts/build-folders.mjs), which no test holds or counts.
  if (ctx.path.startsWith('/dist/widgets/')) {
    const file = path.join(import.meta.dirname, ctx.path);
    if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      ctx.type = path.extname(file);
      ctx.body = fs.createReadStream(file);
      return;
    }
  }
  if (ctx.path === '/__hold-chunks') {
    state.heldChunkPrefix = ctx.query.prefix;
    return answer(ctx, {});
  }
  if (ctx.path === '/__fail-chunks') {
    state.failedChunkPrefix = ctx.query.prefix;
    return answer(ctx, {});
  }
  if (ctx.path === '/__release-chunks') {
    const released = state.heldChunks.splice(0);
    state.heldChunkPrefix = null;
    state.failedChunkPrefix = null;
    for (const release of released) release();
    return answer(ctx, { released: released.length });
  }
  if (ctx.path === '/__chunks') return answer(ctx, state.chunks.splice(0));
  if (ctx.path === '/__requests') return answer(ctx, state.requests.splice(0));
  if (ctx.path === '/__release') return answer(ctx, { released: releaseHeld(client) });
  if (ctx.path === '/__forget-documents') {
    state.forgetsDocuments = ctx.query.on === '1';
    return answer(ctx, {});
  }
  if (ctx.path !== '/graphql') return next();
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  let body;
  if (ctx.method === 'GET') {
    const json = (name) => (ctx.query[name] ? JSON.parse(ctx.query[name]) : undefined);
    body = { operationName: ctx.query.operationName, variables: json('variables'), extensions: json('extensions') };
  } else {
    const parts = [];
    for await (const part of ctx.req) parts.push(part);
    body = JSON.parse(Buffer.concat(parts).toString('utf8'));
  }
  state.requests.push({ ...body, method: ctx.method, contentType: ctx.get('content-type') || undefined });
  if (state.forgetsDocuments && body.query === undefined) {
    ctx.type = 'json';
    ctx.body = PERSISTED_QUERY_NOT_FOUND;
    return;
  }
  const fake = await fakeGraphqlAnswer(body, client);
  ctx.status = fake.status;
  ctx.type = fake.type;
  ctx.body = fake.body;
}

export default {
  ...(await testRunnerBase('widgets')),
  files: 'widgets/**/*.browser.ts',
  testFramework: { config: { timeout: 10_000 } },
  middleware: [fakeGraphql],
};
