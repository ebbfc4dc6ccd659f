/**
 * The browser tests' fake /graphql cannot drift from the API: every request the widgets send (the
 * documents of widgets/shared/documents.ts, with the __typename Apollo adds) must be valid for the
 * real schema, every data answer must be what the schema executes it to, and every error must carry
 * the message, code and extensions the real server (real services, real SQLite) gives for that case.
 */
import { addTypenameToDocument } from '@apollo/client/utilities';
import { buildSchema, type ExecutionResult, execute, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStoresCsv } from '../../server/contest/parse.js';
import { contestStorageFor } from '../../server/contest/storage-for-database.js';
import { UnavailableError } from '../../server/errors.js';
import { createSchema, typeDefs } from '../../server/graphql/schema.js';
import type { Services } from '../../server/services.js';
import { GET_STORE_LEADERBOARD_SOURCE, START_SELLING_SOURCE } from '../../widgets/shared/documents.js';
import { startTestServer, type TestServer } from '../server/test-server.js';
import { type FakeAnswer, fakeGraphqlAnswer, fakeStores } from './fake-graphql.js';

type Answer = ExecutionResult & { errors?: { message: string; extensions?: Record<string, unknown> }[] };
const bare = buildSchema(typeDefs);
const sent = (source: string) => addTypenameToDocument(parse(source));
const lookup = (domain: string) => ({ query: GET_STORE_LEADERBOARD_SOURCE, variables: { query: { domain } } });
const signup = (email: string) => ({ query: START_SELLING_SOURCE, variables: { data: { email, source: 'test/' } } });
const parsed = (answer: FakeAnswer) => JSON.parse(answer.body) as Answer;

let server: TestServer;
let services: Services;

beforeAll(async () => {
  // One signup per address a minute: the second is refused the way the fake's "limited" answer says.
  server = await startTestServer({ DEMO_DATA: 'off', SIGNUP_EMAIL_LIMIT: '1', SIGNUP_EMAIL_WINDOW: '60' });
  services = server.running.services;
  await contestStorageFor(server.database.opened).importStores(
    parseStoresCsv('store_id,name,domain,logo_url\ns1,Adaeze Fabrics,adaeze-fabrics,'),
  );
  await server.running.modules.contest.api.contest.refresh();
});

afterAll(async () => {
  await server?.close();
});

/** What the real server answers (its schema with resolvers on real services). */
async function real(request: { query: string; variables: Record<string, unknown> }): Promise<Answer> {
  const result = await execute({
    schema: createSchema(services),
    document: sent(request.query),
    variableValues: request.variables,
    contextValue: { ipHash: null },
  });
  return JSON.parse(JSON.stringify(result)) as Answer;
}

describe('the fake /graphql of the browser tests', () => {
  it.each([...Object.keys(fakeStores).filter((d) => d !== 'held-store'), 'ada@example.com'])(
    'given %s should answer data the real schema executes the same way',
    async (input) => {
      const request = input.includes('@') ? signup(input) : lookup(input);
      const document = sent(request.query);
      expect(validate(bare, document)).toEqual([]);
      const answer = parsed(await fakeGraphqlAnswer(request));
      // The schema's own execution over the fake's data: a missing field, a wrong type or a null in a
      // non-null field would come out different (or as an error).
      const executed = await execute({
        schema: bare,
        document,
        rootValue: answer.data,
        variableValues: request.variables,
      });
      expect(executed.errors).toBeUndefined();
      expect(JSON.parse(JSON.stringify(executed.data))).toEqual(answer.data);
    },
  );

  it('given an unknown store should fail with the message and code the real server gives', async () => {
    const fake = parsed(await fakeGraphqlAnswer(lookup('no-such-store')));
    const answer = await real(lookup('no-such-store'));
    expect(fake.errors?.map((e) => [e.message, e.extensions])).toEqual(
      answer.errors?.map((e) => [e.message, e.extensions]),
    );
    expect(fake.data).toBe(answer.data);
  });

  it('given a limited signup should fail with the message, code and extensions the real limiter gives', async () => {
    expect((await real(signup('limited@example.com'))).errors).toBeUndefined();
    const refused = await real(signup('limited@example.com'));
    const fake = parsed(await fakeGraphqlAnswer(signup('limited@example.com')));
    // The wait counts down from the first signup: compare its wording and the names of the extensions.
    const shape = (answer: Answer) =>
      answer.errors?.map((e) => [e.message, e.extensions?.code, Object.keys(e.extensions ?? {}).sort()]);
    expect(shape(fake)).toEqual(shape(refused));
  });

  it('given no server behind the balancer should answer 503 with the error the real server gives when unavailable', async () => {
    const fake = await fakeGraphqlAnswer(signup('balancer@example.com'));
    expect(fake.status).toBe(503);
    const unavailable = new UnavailableError(null);
    expect(parsed(fake).errors?.map((e) => [e.message, e.extensions])).toEqual([
      [unavailable.message, { code: unavailable.code, ...unavailable.extensions }],
    ]);
  });

  it('given the API is unreachable should answer 503 without a GraphQL body', async () => {
    const answer = await fakeGraphqlAnswer(signup('offline@example.com'));
    expect(answer.status).toBe(503);
    expect(() => JSON.parse(answer.body)).toThrow();
  });
});
