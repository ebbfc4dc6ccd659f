/**
 * Crash test for signups (docs/signups.md): N concurrent signups against the real server, SIGKILLed
 * part-way, then restarted; every acknowledged address must be stored and get exactly one e-mail.
 * Usage: docs/benchmarks.md#signups-crash
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQLITE_FILE } from '../server/db/database.js';
import {
  DEFAULT_POSTGRES_ADMIN_URL,
  type ScratchDatabase,
  scratchDatabase,
} from '../testing/server/scratch-database.js';
import { signUpOverHttp, startServerChild, stopServerChild } from './server-child.js';

export type CrashResult = {
  requested: number;
  /** E-mails queued but not yet marked sent when the server was killed. */
  unsentAtCrash: number;
  acknowledged: number;
  persisted: number;
  emails: number;
  /** Acknowledged addresses without exactly one e-mail, and addresses with more than one. */
  problems: string[];
  /** Whether an SQLite file appeared in DATA_DIR (it must not on PostgreSQL). */
  sqliteFileWritten: boolean;
};

export async function runCrashTest(n: number, database: ScratchDatabase, concurrency = 32): Promise<CrashResult> {
  const dataDir = database.env.DATA_DIR;
  const { db } = database.opened;
  // On PostgreSQL the restarted server takes over what the killed one had claimed once its lease ends:
  // a short one keeps the test quick (on SQLite it resumes them at start).
  const env = { ...database.env, SIGNUP_IP_LIMIT: '1000000000', MAIL_LEASE_SECONDS: '2' };
  const openRows = async (statuses: ('pending' | 'sending' | 'failed')[]) =>
    Number(
      (
        await db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', statuses)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const first = await startServerChild(env);
  const emails = Array.from({ length: n }, (_, i) => `crash${i}.${process.pid}@example.ng`);
  const acknowledged: string[] = [];
  let next = 0;
  let killed = false;
  const client = async () => {
    while (next < emails.length) {
      const email = emails[next++]!;
      if (await signUpOverHttp(first.base, email)) acknowledged.push(email);
      // Part-way, while signups are in flight and the worker is writing e-mails.
      if (!killed && acknowledged.length >= n / 2) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  await stopServerChild(first, 'SIGKILL');

  const unsentAtCrash = await openRows(['pending', 'sending', 'failed']);
  const second = await startServerChild(env);
  const started = Date.now();
  for (;;) {
    const open = await openRows(['pending', 'sending']);
    if (open === 0) break;
    if (Date.now() - started > 60_000) throw new Error(`${open} e-mails still unsent after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopServerChild(second);

  const stored = new Set((await db.selectFrom('signups').select('email').execute()).map((row) => row.email));
  const mailDir = path.join(dataDir, 'mail');
  const perRecipient = new Map<string, number>();
  for (const name of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
    if (!name.endsWith('.eml')) continue;
    const to = /^To: (.+)$/m.exec(fs.readFileSync(path.join(mailDir, name), 'utf8'))?.[1]?.trim() ?? '';
    perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  }
  const problems = [
    ...acknowledged
      .filter((email) => perRecipient.get(email) !== 1)
      .map((email) => `${email}: ${perRecipient.get(email) ?? 0} e-mails`),
    ...[...perRecipient].filter(([, count]) => count > 1).map(([email, count]) => `${email}: ${count} e-mails`),
  ];
  return {
    requested: n,
    unsentAtCrash,
    acknowledged: acknowledged.length,
    persisted: acknowledged.filter((email) => stored.has(email)).length,
    emails: acknowledged.reduce((sum, email) => sum + (perRecipient.get(email) ?? 0), 0),
    problems: [...new Set(problems)],
    sqliteFileWritten: fs.existsSync(path.join(dataDir, SQLITE_FILE)),
  };
}

export function summary(result: CrashResult): string {
  return `acknowledged ${result.acknowledged}, persisted ${result.persisted}, e-mails ${result.emails}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 1000);
  const backend = process.argv[3] === 'postgres' ? 'postgres' : 'sqlite';
  const database = await scratchDatabase(
    backend,
    process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_ADMIN_URL,
    'kasuwa_bench',
  );
  const result = await runCrashTest(n, database).finally(() => database.drop());
  console.log(
    `${backend}: requested ${n}; SIGKILL after half were acknowledged (${result.unsentAtCrash} e-mails unsent at that moment), then restarted`,
  );
  console.log(summary(result));
  for (const problem of result.problems.slice(0, 20)) console.log(`  problem: ${problem}`);
  process.exitCode = result.problems.length || result.persisted !== result.acknowledged ? 1 : 0;
}
