/**
 * Compiled operations answer exactly as graphql-js does: data, errors with their codes, variable
 * errors. Real services on a temporary database; every document is compiled after its first use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ExecutionResult, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET_STORE_LEADERBOARD_SOURCE, START_SELLING_SOURCE } from '../../widgets/shared/documents.js';
import { loadConfig } from '../config.js';
import { parseSalesCsv, parseStoresCsv } from '../contest/parse.js';
import { contestStorageFor } from '../contest/storage-for-database.js';
import { type OpenedSqlite, openSqliteIn } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { type Composed, createServices, type Services } from '../services.js';
import { createExecutor } from './executor.js';
import { createSchema } from './schema.js';

let opened: OpenedSqlite;
let composed: Composed;
let services: Services;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-executor-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', DEMO_DATA: 'off' });
  opened = openSqliteIn(dataDir);
  await migrateToLatest(opened);
  const contestStorage = contestStorageFor(opened);
  await contestStorage.importStores(
    parseStoresCsv('store_id,name,domain,logo_url\ns1,Adaeze Fabrics,adaeze-fabrics,\ns2,Tunde,tunde,'),
  );
  await contestStorage.importSales(
    config.campaign,
    parseSalesCsv(`order_id,store_id,amount,status,paid_at\no1,s1,1500,paid,${config.campaign.startsAt}`),
  );
  composed = await createServices(config, opened, contestStorage);
  services = composed.services;
  await composed.loaded;
});

afterAll(async () => {
  await composed.close();
  await opened.db.destroy();
  fs.rmSync(path.dirname(opened.file), { recursive: true, force: true });
});

describe('the compiling executor', () => {
  it.each([
    ['a rank lookup', GET_STORE_LEADERBOARD_SOURCE, { query: { domain: 'adaeze-fabrics' } }],
    ['a store without sales', GET_STORE_LEADERBOARD_SOURCE, { query: { domain: 'https://tunde.kasuwa.shop/' } }],
    ['an unknown store', GET_STORE_LEADERBOARD_SOURCE, { query: { domain: 'nope' } }],
    ['an empty domain', GET_STORE_LEADERBOARD_SOURCE, { query: { domain: ' ' } }],
    ['a missing variable', GET_STORE_LEADERBOARD_SOURCE, {}],
    ['a variable of the wrong type', GET_STORE_LEADERBOARD_SOURCE, { query: { domain: 5 } }],
    ['a bad e-mail address', START_SELLING_SOURCE, { data: { email: 'not-an-email' } }],
    ['a signup', START_SELLING_SOURCE, { data: { email: 'ada@example.com', source: 'test/' } }],
    ['an empty query', '{ __typename }', {}],
  ])('given %s should answer the same compiled as with graphql-js', async (_, source, variableValues) => {
    const executor = createExecutor({ compileAfter: 1, compileIntervalMs: 0 });
    const args = {
      schema: createSchema(services),
      document: parse(source),
      variableValues,
      contextValue: { ipHash: null },
    };
    const byGraphqlJs = (await executor.execute(args)) as ExecutionResult;
    expect(executor.compiled).toBe(1);
    const compiled = (await executor.execute(args)) as ExecutionResult;
    expect(JSON.parse(JSON.stringify(compiled))).toEqual(JSON.parse(JSON.stringify(byGraphqlJs)));
    expect(byGraphqlJs.data ?? byGraphqlJs.errors).toBeTruthy();
  });

  it('given many distinct documents should compile at most one per interval', async () => {
    const executor = createExecutor({ compileAfter: 1, compileIntervalMs: 60_000 });
    const schema = createSchema(services);
    for (let i = 0; i < 20; i += 1) {
      const document = parse(`query Q${i} { __typename }`);
      for (let run = 0; run < 3; run += 1) await executor.execute({ schema, document });
    }
    expect(executor.compiled).toBe(1);
  });
});
