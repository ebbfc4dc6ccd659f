/**
 * Crash test for signups (DESIGN.md §4): N concurrent signups over HTTP against the real server in a
 * child process, SIGKILLed part-way; then restarted on the same DATA_DIR (no SMTP_URL: .eml files).
 * Every address that got `success: true` must be in the database and end up with exactly one e-mail.
 *
 *   npx tsx bench/signups-crash.ts [N=1000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
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
};

export async function runCrashTest(n: number, concurrency = 32): Promise<CrashResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kasuwa-crash-'));
  const env = { DATA_DIR: dataDir, SIGNUP_IP_LIMIT: '1000000000' };
  try {
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

    const file = path.join(dataDir, 'kasuwa.sqlite');
    const before = new SQLite(file, { readonly: true });
    const unsentAtCrash = before.prepare("SELECT count(*) FROM outbox WHERE status <> 'sent'").pluck().get() as number;
    before.close();
    const second = await startServerChild(env);
    const started = Date.now();
    for (;;) {
      const sqlite = new SQLite(file, { readonly: true });
      const { open } = sqlite
        .prepare("SELECT count(*) AS open FROM outbox WHERE status IN ('pending', 'sending')")
        .get() as { open: number };
      sqlite.close();
      if (open === 0) break;
      if (Date.now() - started > 60_000) throw new Error(`${open} e-mails still unsent after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stopServerChild(second);

    const sqlite = new SQLite(file, { readonly: true });
    const stored = new Set((sqlite.prepare('SELECT email FROM signups').pluck().all() as string[]) ?? []);
    sqlite.close();
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
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function summary(result: CrashResult): string {
  return `acknowledged ${result.acknowledged}, persisted ${result.persisted}, e-mails ${result.emails}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2] ?? 1000);
  const result = await runCrashTest(n);
  console.log(
    `requested ${n}; SIGKILL after half were acknowledged (${result.unsentAtCrash} e-mails unsent at that moment), then restarted`,
  );
  console.log(summary(result));
  for (const problem of result.problems.slice(0, 20)) console.log(`  problem: ${problem}`);
  process.exitCode = result.problems.length || result.persisted !== result.acknowledged ? 1 : 0;
}
