/**
 * Welcome mails per second through the real delivery worker (outbox claims, marks) to a local SMTP
 * server that greets each connection late, with one connection per message and with the pool.
 * Usage and flags: docs/benchmarks.md#mail
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Backend } from '../server/db/database.js';
import { createOutboxStore } from '../server/mail/outbox-store.js';
import { createTransport } from '../server/mail/transport.js';
import { startMailWorker } from '../server/mail/worker.js';
import { welcomeDelivery } from '../server/signups/welcome-delivery.js';
import { countRows, scratchDatabase } from '../testing/server/scratch-database.js';
import { startSmtpSink } from '../testing/server/smtp-sink.js';

const { values } = parseArgs({
  options: {
    mails: { type: 'string', default: '300' },
    'greeting-ms': { type: 'string', default: '100' },
    transport: { type: 'string', default: 'both' },
    db: { type: 'string', default: 'sqlite' },
  },
});
const mails = Number(values.mails);
const greetingDelayMs = Number(values['greeting-ms']);
if (!['per-message', 'pooled', 'both'].includes(values.transport)) {
  console.error('--transport must be per-message, pooled or both');
  process.exit(2);
}
if (!['sqlite', 'postgres'].includes(values.db)) {
  console.error('--db must be sqlite or postgres');
  process.exit(2);
}
const modes = values.transport === 'both' ? ['per-message', 'pooled'] : [values.transport];

async function run(mode: string) {
  const database = await scratchDatabase(values.db as Backend, process.env.TEST_DATABASE_URL, 'kasuwa_bench');
  const sink = await startSmtpSink({ greetingDelayMs });
  try {
    const now = new Date().toISOString();
    const rows = Array.from({ length: mails }, (_, i) => ({
      idempotency_key: crypto.randomUUID(),
      kind: 'welcome' as const,
      recipient: `seller${i}@example.ng`,
      payload: '{}',
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    }));
    await database.opened.db.insertInto('outbox').values(rows).execute();
    const transport = createTransport({
      smtpUrl: sink.url,
      mailFrom: 'Kasuwa <hello@kasuwa.shop>',
      dataDir: database.env.DATA_DIR,
      pool: mode === 'pooled',
    });
    const started = performance.now();
    let done: () => void = () => {};
    const allReceived = new Promise<void>((resolve) => {
      done = resolve;
    });
    let failures = 0;
    const worker = startMailWorker({
      handlers: { welcome: welcomeDelivery() },
      outbox: createOutboxStore(database.opened),
      transport,
      onAttempt: (outcome) => {
        if (outcome !== 'sent') failures += 1;
        if (sink.received.length + failures >= mails) done();
      },
    });
    await allReceived;
    const seconds = (performance.now() - started) / 1000;
    await worker.stop(); // marks the last batch sent and closes the transport
    const sent = await database.opened.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    return {
      transport: mode,
      mails: await countRows(database.opened.db, 'outbox'),
      received: sink.received.length,
      marked_sent: Number(sent.n),
      failures,
      connections: sink.connections().total,
      seconds: Number(seconds.toFixed(2)),
      mails_per_second: Number((mails / seconds).toFixed(1)),
    };
  } finally {
    await sink.close();
    await database.drop();
  }
}

console.log(`${mails} welcome mails, greeting delayed ${greetingDelayMs} ms, outbox on ${values.db}`);
const results = [];
for (const mode of modes) results.push(await run(mode));
console.table(results);
