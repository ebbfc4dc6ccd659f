/**
 * The programme's storage under the forms (docs/partners.md, "Joining"), on SQLite and PostgreSQL: an
 * address that holds a code and one that does not get the same statements before the answer and one
 * job each after it (only the holder's queues a mail), and two servers racing for a code get one winner.
 */
import crypto from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import type { OpenedDatabase } from '../db/database.js';
import { openDatabase } from '../db/database.js';
import { confirmLinks } from './confirm-links.js';
import { createProgramme } from './programme.js';
import { createProgrammeStore } from './programme-store.js';

const { defer, fresh } = cleanupAfterEach();
const LIMITS = { perIp: { max: 100, windowSeconds: 3600 }, perEmail: { max: 100, windowSeconds: 3600 } };

/** The programme on `opened`, with every SQL statement it runs recorded, and the jobs it leaves for after answers. */
function recordedProgramme(opened: Pick<OpenedDatabase, 'backend' | 'db'>) {
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      statements.push(opened.db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const jobs: (() => Promise<void>)[] = [];
  const programme = createProgramme({
    store: createProgrammeStore({ backend: opened.backend, db: opened.db.withPlugin(recorder) }),
    confirmLinks: confirmLinks(crypto.randomBytes(32)),
    issueLink: async (code) => ({ url: `https://kasuwa.shop/partners?t=link-for-${code}` }),
    limits: LIMITS,
  });
  /** What one request does: the statements before its answer, and the jobs it left. */
  const request = async (work: (context: { later: (job: () => Promise<void>) => void }) => Promise<unknown>) => {
    statements.length = 0;
    jobs.length = 0;
    const answer = await work({ later: (job) => jobs.push(job) });
    return { answer, statements: [...statements], jobs: [...jobs] };
  };
  return { programme, request };
}

const outbox = (database: ScratchDatabase) =>
  database.opened.db.selectFrom('outbox').select(['recipient', 'kind']).orderBy('id').execute();

describe.each(TEST_BACKENDS)('the programme forms before and after their answer on %s', (backend) => {
  it('given an address that holds the code and one that does not should run the same statements before the answer, and mail the holder only after it', async () => {
    const database = await fresh(backend);
    await createProgrammeStore(database.opened).assign('ada-shops', 'ada@example.ng', 'en');
    const { programme, request } = recordedProgramme(database.opened);
    const join = (email: string) =>
      request((context) => programme.join({ email, website: '@a', code: 'ada-shops' }, context));
    const newLink = (email: string) => request((context) => programme.newLink({ email }, context));

    for (const [holder, stranger] of [
      [await join('ada@example.ng'), await join('bola@example.ng')],
      [await newLink('ada@example.ng'), await newLink('bola@example.ng')],
    ]) {
      expect(stranger!.answer).toEqual(holder!.answer);
      expect(stranger!.statements).toEqual(holder!.statements);
      expect(holder!.statements.some((sql) => /from "partners"/.test(sql))).toBe(true);
      expect(holder!.statements.some((sql) => /^(insert|update|delete) /i.test(sql) && /outbox/.test(sql))).toBe(false);
      expect([holder!.jobs.length, stranger!.jobs.length]).toEqual([1, 1]);
      expect(await outbox(database)).toEqual([]);
      await stranger!.jobs[0]!();
      expect(await outbox(database)).toEqual([]);
      await holder!.jobs[0]!();
      expect(await outbox(database)).toEqual([{ recipient: 'ada@example.ng', kind: 'partner-link' }]);
      await database.opened.db.deleteFrom('outbox').execute();
    }
  });
});

describe('two servers racing for one code on PostgreSQL', () => {
  it('given two joins for the same code at once should reserve it for exactly one address', async () => {
    const database = await fresh('postgres');
    const other = await openDatabase({ dataDir: database.env.DATA_DIR, databaseUrl: database.env.DATABASE_URL });
    defer(() => other.close());
    for (let round = 0; round < 5; round++) {
      const code = `race-${round}`;
      const results = await Promise.all([
        recordedProgramme(database.opened).programme.join({ email: 'ada@example.ng', website: '@a', code }),
        recordedProgramme(other).programme.join({ email: 'bola@example.ng', website: '@b', code }),
      ]);
      expect(results.map((result) => result.kind).toSorted()).toEqual(['check-inbox', 'code-taken']);
      const held = await createProgrammeStore(database.opened).find(code);
      const winner = results[0]!.kind === 'check-inbox' ? 'ada@example.ng' : 'bola@example.ng';
      expect(held?.email).toBe(winner);
    }
    const confirmations = await database.opened.db.selectFrom('outbox').select('recipient').execute();
    expect(confirmations).toHaveLength(5);
  });
});
