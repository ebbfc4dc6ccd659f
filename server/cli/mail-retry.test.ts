/**
 * `npm run admin -- mail:retry [--failed] [--since DATE]` as an operator runs it after a relay outage,
 * on SQLite and with DATABASE_URL on PostgreSQL: what it re-queues, what it prints, and that the mail
 * then reaches the relay.
 */
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from '../../testing/server/admin-cli.js';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { type ScratchDatabase, TEST_BACKENDS } from '../../testing/server/databases.js';
import { queueWelcomeMails } from '../../testing/server/outbox-rows.js';
import { startSmtpSink } from '../../testing/server/smtp-sink.js';
import { createOutboxStore } from '../mail/outbox-store.js';
import { createTransport } from '../mail/transport.js';
import { startMailWorker } from '../mail/worker.js';
import { welcomeDelivery } from '../signups/welcome-delivery.js';

vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });

const { defer, fresh } = cleanupAfterEach();

type Row = { recipient: string; status: 'pending' | 'sending' | 'sent' | 'failed'; attempts: number; created: string };

/** An outbox after an outage: one mail waiting for its next retry, two given up, one sent, one being sent, one new. */
const OUTAGE: Row[] = [
  { recipient: 'waiting@example.ng', status: 'pending', attempts: 6, created: '2026-12-03T09:00:00.000Z' },
  { recipient: 'old-failure@example.ng', status: 'failed', attempts: 20, created: '2026-12-01T09:00:00.000Z' },
  { recipient: 'new-failure@example.ng', status: 'failed', attempts: 20, created: '2026-12-05T09:00:00.000Z' },
  { recipient: 'sent@example.ng', status: 'sent', attempts: 1, created: '2026-12-05T09:00:00.000Z' },
  { recipient: 'in-flight@example.ng', status: 'sending', attempts: 1, created: '2026-12-05T09:00:00.000Z' },
  { recipient: 'new@example.ng', status: 'pending', attempts: 0, created: '2026-12-06T09:00:00.000Z' },
];

async function outboxAfterOutage(backend: (typeof TEST_BACKENDS)[number]) {
  const database = await fresh(backend);
  const later = new Date(Date.now() + 4 * 3_600_000).toISOString();
  await queueWelcomeMails(
    database.opened.db,
    OUTAGE.map((row) => row.recipient),
    (i) => {
      const row = OUTAGE[i] as (typeof OUTAGE)[number];
      return {
        status: row.status,
        attempts: row.attempts,
        next_attempt_at: row.attempts === 0 ? new Date().toISOString() : later,
        claimed_by: row.status === 'sending' ? 'another-server' : null,
        lease_until: row.status === 'sending' ? later : null,
        last_error: row.status === 'failed' || row.status === 'pending' ? '421 relay unavailable' : null,
        created_at: row.created,
      };
    },
  );
  return database;
}

const admin = (database: ScratchDatabase, ...args: string[]) => runAdmin(database.env, 'mail:retry', ...args);

/** Each row as recipient → status, attempts and whether it is due now. */
async function outbox(database: ScratchDatabase) {
  const rows = await database.opened.db
    .selectFrom('outbox')
    .select(['recipient', 'status', 'attempts', 'next_attempt_at'])
    .orderBy('id')
    .execute();
  const now = Date.now();
  return Object.fromEntries(
    rows.map((row) => [
      row.recipient,
      `${row.status} ${row.attempts}${Date.parse(row.next_attempt_at) <= now ? ' due' : ''}`,
    ]),
  );
}

describe.each(TEST_BACKENDS)('mail:retry on %s', (backend) => {
  it('given no option should send now the mail waiting for a retry, and say that the failed ones need --failed', async () => {
    const database = await outboxAfterOutage(backend);
    const result = admin(database);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toBe('Re-queued 1 e-mail.\n2 failed e-mail(s) left as they are: add --failed.\n');
    expect(await outbox(database)).toEqual({
      'waiting@example.ng': 'pending 0 due',
      'old-failure@example.ng': 'failed 20',
      'new-failure@example.ng': 'failed 20',
      'sent@example.ng': 'sent 1',
      'in-flight@example.ng': 'sending 1',
      'new@example.ng': 'pending 0 due',
    });
  });

  it('given --failed --since should re-queue only the mail queued since then, which then reaches the relay', async () => {
    const database = await outboxAfterOutage(backend);
    // Lagos time: 2026-12-03 00:00 there is 2026-12-02 23:00 UTC.
    const result = admin(database, '--failed', '--since', '2026-12-03');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toBe(
      'Re-queued 2 e-mails queued since 2026-12-02T23:00:00.000Z (1 waiting for a retry, 1 failed).\n',
    );
    expect(await outbox(database)).toEqual({
      'waiting@example.ng': 'pending 0 due',
      'old-failure@example.ng': 'failed 20',
      'new-failure@example.ng': 'pending 0 due',
      'sent@example.ng': 'sent 1',
      'in-flight@example.ng': 'sending 1',
      'new@example.ng': 'pending 0 due',
    });

    const sink = await startSmtpSink();
    defer(sink.close);
    const transport = createTransport({ smtpUrl: sink.url, mailFrom: 'hello@kasuwa.shop', dataDir: '' });
    const worker = startMailWorker({
      handlers: { welcome: welcomeDelivery() },
      outbox: createOutboxStore(database.opened),
      transport,
      pollMs: 20,
    });
    defer(() => worker.stop());
    await expect
      .poll(() => sink.received.flatMap((mail) => mail.to).toSorted(), { timeout: 10_000 })
      .toEqual(['new-failure@example.ng', 'new@example.ng', 'waiting@example.ng']);
  });

  it('given a --since that is not a date should exit 2 with the usage and change nothing', async () => {
    const database = await outboxAfterOutage(backend);
    const result = admin(database, '--since', 'yesterday');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--since "yesterday" is not a date');
    expect(result.stderr).toContain('Usage: npm run admin -- mail:retry [--failed] [--since DATE]');
    expect((await outbox(database))['waiting@example.ng']).toBe('pending 6');
  });
});
