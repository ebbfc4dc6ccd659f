/**
 * "This wasn't me / stop e-mails" end to end on both backends (docs/signups.md, "Privacy"): the link and
 * the headers every welcome mail carries (through a real SMTP server), the page's GET that changes
 * nothing, its POST and the one-click POST that stop all mail, links that were changed, a later signup
 * answered as any other and never mailed, and no mail to a suppressed inbox whose row a worker held.
 */
import { describe, expect, it, vi } from 'vitest';
import { brand } from '../../common/brand.js';
import { cleanupAfterEach } from '../../testing/server/cleanups.js';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { queueWelcomeMails } from '../../testing/server/outbox-rows.js';
import { type ReceivedMail, startSmtpSink } from '../../testing/server/smtp-sink.js';
import { postStartSelling } from '../../testing/server/start-selling.js';
import { startTestServer } from '../../testing/server/test-server.js';
import type { Db } from '../db/database.js';
import { privacySecret } from '../db/installation.js';
import { createOutboxStore, type OutboxStore } from '../mail/outbox-store.js';
import { createTransport } from '../mail/transport.js';
import { startMailWorker } from '../mail/worker.js';
import { lagosTime } from '../signups/welcome.js';
import { welcomeDelivery } from '../signups/welcome-delivery.js';
import { privacyKeys } from './links.js';
import { createPrivacy } from './privacy.js';
import { createPrivacyStore } from './store.js';

const { defer, fresh } = cleanupAfterEach();

/** Undo quoted-printable soft line breaks and escapes, and folded headers, enough to read the mail. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\r?\n[ \t]+/g, ' ');

const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1];

/** The stop link's token, read from the mail's List-Unsubscribe header (an English mail's: no language prefix). */
const tokenOf = (mail: ReceivedMail) =>
  /<https:\/\/kasuwa\.shop\/unsubscribe\?t=([^>]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];

async function signUp(base: string, email: string, source?: string, locale?: string) {
  const response = await postStartSelling(base, {
    email,
    ...(source ? { source } : {}),
    ...(locale ? { locale } : {}),
  });
  return { status: response.status, body: await response.text() };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function page(response: Response) {
  return { status: response.status, html: await response.text() };
}

const suppressions = (db: Db) => db.selectFrom('suppressions').selectAll().execute();
const outboxOf = (db: Db) => db.selectFrom('outbox').select(['recipient', 'status']).orderBy('id').execute();

describe.each(TEST_BACKENDS)('stopping e-mails on %s', (backend) => {
  async function setup() {
    const smtp = await startSmtpSink();
    defer(smtp.close);
    const server = await startTestServer({ DEMO_DATA: 'off', SMTP_URL: smtp.url }, backend);
    defer(() => server.close());
    const mailTo = async (address: string) => {
      await expect
        .poll(() => smtp.received.find((mail) => mail.to.includes(address)), { timeout: 10_000 })
        .toBeTruthy();
      return smtp.received.find((mail) => mail.to.includes(address))!;
    };
    return { smtp, base: server.base, db: server.database.opened.db, mailTo };
  }

  it('given a signup should send a welcome mail that says where and when in Lagos time, with the stop link and RFC 8058 headers', async () => {
    const { base, db, mailTo } = await setup();
    await signUp(base, 'ada@example.ng', 'kasuwa.shop/');
    await signUp(base, 'chidi@example.ng', 'blog.partner.ng/selling-tips');
    const ours = await mailTo('ada@example.ng');
    const partners = await mailTo('chidi@example.ng');
    const { first_requested_at } = await db
      .selectFrom('signups')
      .select('first_requested_at')
      .where('email', '=', 'ada@example.ng')
      .executeTakeFirstOrThrow();
    const body = decoded(ours.raw);
    expect(body).toContain(`this address was entered on kasuwa.shop on ${lagosTime(first_requested_at)} (Lagos time).`);
    expect(lagosTime('2026-12-01T08:05:00.000Z')).toBe('1 December 2026 at 09:05');
    expect(decoded(partners.raw)).toContain("entered on a partner's page (blog.partner.ng/selling-tips) on ");
    const token = tokenOf(ours)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(header(ours, 'List-Unsubscribe')).toBe(
      `<https://kasuwa.shop/unsubscribe?t=${token}>, <mailto:${brand.supportEmail}?subject=Stop%20e-mails%20${token}>`,
    );
    expect(header(ours, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The link in both bodies: the text one, and the HTML one's "This wasn't me" anchor.
    expect(body).toContain(
      `Wasn't you, or want no more e-mails? Stop every e-mail from us to this address: https://kasuwa.shop/unsubscribe?t=${token}`,
    );
    expect(body).toMatch(
      new RegExp(`<a href="https://kasuwa.shop/unsubscribe\\?t=${token}"[^>]*>This wasn&#39;t me: stop e-mails</a>`),
    );
  });

  it('given the stop link should change nothing on GET, and on POST suppress the inbox and cancel its waiting mail', async () => {
    const { base, db, mailTo } = await setup();
    await signUp(base, 'Ngozi.Eze@gmail.com');
    const token = tokenOf(await mailTo('Ngozi.Eze@gmail.com'))!;
    // Another spelling of the same inbox, waiting for a retry; and another inbox's.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await queueWelcomeMails(db, ['ngozieze+shop@googlemail.com', 'bisi@example.ng'], () => ({
      next_attempt_at: later,
    }));

    const shown = await page(await fetch(`${base}/unsubscribe?t=${token}`));
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(
      '<button class="button button-primary" type="submit">Stop all e-mails to this address</button>',
    );
    expect(shown.html).toContain('Ng…@gmail.com');
    expect(await suppressions(db)).toEqual([]);
    expect((await outboxOf(db)).map((row) => row.status)).toEqual(['sent', 'pending', 'pending']);

    const done = await page(await fetch(`${base}/unsubscribe`, form({ t: token })));
    expect(done.status).toBe(200);
    expect(done.html).toContain('Done: no more e-mails');
    expect(await suppressions(db)).toEqual([expect.objectContaining({ reason: 'link' })]);
    // The hash only: the list holds no address.
    expect(JSON.stringify(await suppressions(db))).not.toMatch(/ngozi/i);
    expect(await outboxOf(db)).toEqual([
      { recipient: 'Ngozi.Eze@gmail.com', status: 'sent' },
      { recipient: 'ngozieze+shop@googlemail.com', status: 'cancelled' },
      { recipient: 'bisi@example.ng', status: 'pending' },
    ]);
  });

  it('given a link that was changed, or one for another inbox, should do nothing and say so', async () => {
    const { base, db, mailTo } = await setup();
    await signUp(base, 'tunde@example.ng');
    const token = tokenOf(await mailTo('tunde@example.ng'))!;
    const [address, signature] = token.split('.') as [string, string];
    const flipped = `${address}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherInbox = `${Buffer.from('bisi@example.ng').toString('base64url')}.${signature}`;
    for (const bad of [flipped, otherInbox, 'nonsense', '']) {
      const shown = await page(await fetch(`${base}/unsubscribe?t=${encodeURIComponent(bad)}`));
      expect(shown.status).toBe(400);
      expect(shown.html).toContain('This link does not work');
      const posted = await page(await fetch(`${base}/unsubscribe`, form({ t: bad })));
      expect(posted.status).toBe(400);
      expect(posted.html).toContain('The link was changed or is for another address, so nothing was done.');
      const oneClick = await fetch(
        `${base}/unsubscribe?t=${encodeURIComponent(bad)}`,
        form({ 'List-Unsubscribe': 'One-Click' }),
      );
      expect(oneClick.status).toBe(400);
    }
    expect(await suppressions(db)).toEqual([]);
  });

  it('given a one-click POST to the List-Unsubscribe URL should suppress the inbox', async () => {
    const { base, db, mailTo } = await setup();
    await signUp(base, 'kemi@example.ng');
    const token = tokenOf(await mailTo('kemi@example.ng'))!;
    const response = await fetch(`${base}/unsubscribe?t=${token}`, form({ 'List-Unsubscribe': 'One-Click' }));
    expect(response.status).toBe(200);
    expect(await suppressions(db)).toEqual([expect.objectContaining({ reason: 'one-click' })]);
  });

  it('given a Hausa signup should link its mail to the Hausa stop page, which asks, answers and refuses in Hausa', async () => {
    const { base, db, mailTo } = await setup();
    await signUp(base, 'musa@example.ng', undefined, 'ha');
    const mail = await mailTo('musa@example.ng');
    const link = /<(https:\/\/kasuwa\.shop\/ha\/unsubscribe\?t=([^>]+))>/.exec(header(mail, 'List-Unsubscribe') ?? '');
    expect(link).not.toBeNull();
    const [, stopUrl, token] = link as unknown as [string, string, string];
    // The same token as an English mail's: the language is the address's prefix, not part of what is signed.
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(decoded(mail.raw)).toMatch(
      new RegExp(`<a href="${stopUrl.replace(/[.?]/g, '\\$&')}"[^>]*>Ba ni ba ne: dakatar da imel</a>`),
    );

    const shown = await page(await fetch(`${base}/ha/unsubscribe?t=${token}`));
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<html lang="ha">');
    expect(shown.html).toContain('<title>Dakatar da imel · Kasuwa</title>');
    expect(shown.html).toContain('<h1>A dakatar da imel daga Kasuwa?</h1>');
    expect(shown.html).toContain('Wani ya shigar da <strong>mu…@example.ng</strong> a shafinmu');
    expect(shown.html).toContain(
      `<form method="post" action="/ha/unsubscribe">\n      <input type="hidden" name="t" value="${token}">`,
    );
    expect(shown.html).toContain('>Dakatar da duk imel zuwa wannan adireshin</button>');
    // The language menu keeps the question, in English too.
    expect(shown.html).toContain(`href="/unsubscribe?t=${token}" lang="en"`);
    expect(shown.html).not.toContain('Stop all e-mails to this address');
    expect(await suppressions(db)).toEqual([]);

    // Its last character changed, to one it is not (a random token ends in 'x' one time in 64).
    const changed = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    const refused = await page(await fetch(`${base}/ha/unsubscribe`, form({ t: changed })));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('<h1>Wannan mahaɗin ba ya aiki</h1>');
    expect(refused.html).toContain('An canza mahaɗin ko kuma na wani adireshi ne, don haka ba a yi komai ba.');

    const done = await page(await fetch(`${base}/ha/unsubscribe`, form({ t: token })));
    expect(done.status).toBe(200);
    expect(done.html).toContain('<h1>An gama: babu ƙarin imel</h1>');
    expect(done.html).toContain('Ba za mu sake aika imel zuwa <strong>mu…@example.ng</strong> ba.');
    expect(done.html).toContain('<a href="/ha/privacy-policy#access">manufar sirri</a>');
    expect(await suppressions(db)).toEqual([expect.objectContaining({ reason: 'link' })]);
  });

  it("given a one-click POST to a Hausa mail's List-Unsubscribe URL should suppress the inbox", async () => {
    const { base, db, mailTo } = await setup();
    await signUp(base, 'hauwa@example.ng', undefined, 'ha');
    const stopUrl = /<https:\/\/kasuwa\.shop(\/ha\/unsubscribe\?t=[^>]+)>/.exec(
      header(await mailTo('hauwa@example.ng'), 'List-Unsubscribe') ?? '',
    )?.[1];
    expect(stopUrl).toBeDefined();
    const response = await fetch(`${base}${stopUrl}`, form({ 'List-Unsubscribe': 'One-Click' }));
    expect(response.status).toBe(200);
    expect(await suppressions(db)).toEqual([expect.objectContaining({ reason: 'one-click' })]);
  });

  it('given a suppressed inbox should answer its later signup as any other, and neither store nor mail it', async () => {
    const { smtp, base, db, mailTo } = await setup();
    await signUp(base, 'femi@example.ng');
    const token = tokenOf(await mailTo('femi@example.ng'))!;
    expect((await fetch(`${base}/unsubscribe`, form({ t: token }))).status).toBe(200);

    const suppressed = await signUp(base, 'FEMI+again@example.ng');
    const fresh = await signUp(base, 'someone-new@example.ng');
    expect(suppressed).toEqual(fresh);
    const plainForm = await page(await fetch(`${base}/start-selling`, form({ email: 'femi@example.ng' })));
    const plainFresh = await page(await fetch(`${base}/start-selling`, form({ email: 'another-new@example.ng' })));
    expect(plainForm).toEqual(plainFresh);

    // Mail signed up after it arrives: the worker has been through the queue.
    await signUp(base, 'last@example.ng');
    await mailTo('last@example.ng');
    expect(smtp.received.filter((mail) => /femi/i.test(mail.to.join()))).toHaveLength(1);
    expect((await outboxOf(db)).filter((row) => /femi/i.test(row.recipient))).toEqual([
      { recipient: 'femi@example.ng', status: 'sent' },
    ]);
    const signups = await db
      .selectFrom('signups')
      .select(['email', 'request_count'])
      .where('email', 'like', '%femi%')
      .execute();
    expect(signups).toEqual([{ email: 'femi@example.ng', request_count: 1 }]);
  });
});

describe.each(TEST_BACKENDS)('the logs on %s', (backend) => {
  it('given a refused mail, a stop and a signup after it should never write the address to the log', async () => {
    const smtp = await startSmtpSink(550); // "550 mailbox <address> refused": the answer names the address
    defer(smtp.close);
    const written: string[] = [];
    const keep = (...args: unknown[]) => void written.push(args.map(String).join(' '));
    const spies = [
      vi.spyOn(console, 'log').mockImplementation(keep),
      vi.spyOn(console, 'error').mockImplementation(keep),
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        keep(chunk);
        return true;
      }),
    ];
    defer(() => {
      for (const spy of spies) spy.mockRestore();
    });
    const server = await startTestServer({ DEMO_DATA: 'off', SMTP_URL: smtp.url }, backend);
    defer(() => server.close());
    const { db } = server.database.opened;
    await signUp(server.base, 'Refused.Person@example.ng');
    await expect.poll(async () => (await outboxOf(db))[0]?.status, { timeout: 10_000 }).toBe('failed');
    const keys = privacyKeys(await privacySecret(server.database.opened, server.dataDir));
    const token = keys.token('Refused.Person@example.ng');
    expect((await fetch(`${server.base}/unsubscribe?t=${token}`)).status).toBe(200);
    expect((await fetch(`${server.base}/unsubscribe`, form({ t: token }))).status).toBe(200);
    await signUp(server.base, 'refused.person@example.ng');
    const log = written.join('\n');
    expect(log).toContain('e-mail failed for good');
    expect(log).toContain('mailbox [address] refused');
    expect(log).toContain('"msg":"e-mails stopped","how":"link"');
    expect(log).not.toMatch(/refused\.person/i);
  });
});

describe.each(TEST_BACKENDS)('a worker and a click at the same time on %s', (backend) => {
  async function world() {
    const database = await fresh(backend);
    const smtp = await startSmtpSink();
    defer(smtp.close);
    const keys = privacyKeys(await privacySecret(database.opened, database.env.DATA_DIR));
    const privacy = createPrivacy(createPrivacyStore(database.opened), keys);
    const outbox = createOutboxStore(database.opened);
    const run = (store: OutboxStore) => {
      const worker = startMailWorker({
        outbox: store,
        transport: createTransport({ smtpUrl: smtp.url, mailFrom: 'hello@kasuwa.shop', dataDir: '' }),
        pollMs: 20,
        handlers: {
          welcome: welcomeDelivery({
            privacy: {
              stopUrl: (to) => `https://kasuwa.shop/unsubscribe?t=${keys.token(to)}`,
              unsubscribeMailto: () => `mailto:${brand.supportEmail}`,
            },
          }),
        },
        inboxHash: keys.inboxHash,
      });
      defer(() => worker.stop());
      return worker;
    };
    const statusOf = async (recipient: string) =>
      (
        await database.opened.db
          .selectFrom('outbox')
          .select('status')
          .where('recipient', '=', recipient)
          .executeTakeFirst()
      )?.status;
    return { db: database.opened.db, smtp, keys, privacy, outbox, run, statusOf };
  }

  it('given the click after the worker claimed the row should send it no mail (the check right before the send)', async () => {
    const { db, smtp, keys, privacy, outbox, run, statusOf } = await world();
    await queueWelcomeMails(db, ['clicked@example.ng', 'control@example.ng']);
    let clicked = false;
    // The person clicks between the worker's claim and its send.
    run({
      ...outbox,
      async claim(worker, limit, leaseMs) {
        const rows = await outbox.claim(worker, limit, leaseMs);
        if (rows.some((row) => row.recipient === 'clicked@example.ng') && !clicked) {
          expect(await statusOf('clicked@example.ng')).toBe('sending');
          await privacy.stop(keys.token('clicked@example.ng'), 'link');
          clicked = true;
        }
        return rows;
      },
    });
    await expect.poll(() => statusOf('control@example.ng'), { timeout: 10_000 }).toBe('sent');
    expect(clicked).toBe(true);
    expect(await statusOf('clicked@example.ng')).toBe('cancelled');
    expect(smtp.received.map((mail) => mail.to)).toEqual([['control@example.ng']]);
  });

  it('given a worker that crashed holding the row, then the click, should send no mail when another worker takes over', async () => {
    const { db, smtp, keys, privacy, outbox, run, statusOf } = await world();
    await queueWelcomeMails(db, ['held@example.ng', 'control@example.ng']);
    // A worker claims both with a short lease and dies before sending.
    expect(await outbox.claim('crashed-worker', 10, 200)).toHaveLength(2);
    await privacy.stop(keys.token('held@example.ng'), 'one-click');
    await new Promise((resolve) => setTimeout(resolve, 300)); // the dead worker's lease runs out
    run(outbox);
    await expect.poll(() => statusOf('control@example.ng'), { timeout: 10_000 }).toBe('sent');
    expect(await statusOf('held@example.ng')).toBe('cancelled');
    expect(smtp.received.map((mail) => mail.to)).toEqual([['control@example.ng']]);
  });

  it('given a row queued just after the click (a signup racing it) should cancel it at the send, not mail it', async () => {
    const { db, smtp, keys, privacy, run, statusOf } = await world();
    await privacy.stop(keys.token('racer@example.ng'), 'link');
    // Written as a signup's transaction that read the list before the click committed would write it.
    await queueWelcomeMails(db, ['racer@example.ng', 'control@example.ng']);
    run(createOutboxStore({ backend, db }));
    await expect.poll(() => statusOf('control@example.ng'), { timeout: 10_000 }).toBe('sent');
    expect(await statusOf('racer@example.ng')).toBe('cancelled');
    expect(smtp.received.map((mail) => mail.to)).toEqual([['control@example.ng']]);
  });
});
