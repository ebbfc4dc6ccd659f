/**
 * DKIM (docs/signups.md, "DKIM"): with DKIM_DOMAIN, DKIM_SELECTOR and a key, every welcome e-mail the
 * worker sends is signed, over SMTP and in .eml files alike. A real verifier (mailauth) checks each
 * against the public key published as a DNS TXT record (answered here by its resolver), and finds a
 * copy changed in transit failing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../testing/server/databases.js';
import { startSmtpSink } from '../../testing/server/smtp-sink.js';
import { postStartSelling } from '../../testing/server/start-selling.js';
import { startTestServer } from '../../testing/server/test-server.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DOMAIN = 'kasuwa.shop';
const SELECTOR = 'kasuwa2026';
const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The record docs/signups.md says to publish: the public key's DER (SubjectPublicKeyInfo) in base64. */
const txtRecord = `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** DNS as mailauth asks it: only our selector's TXT record exists. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[txtRecord]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
}

/** mailauth's verdict on the message's one signature: its status and its Authentication-Results line. */
async function verify(raw: string) {
  const { results } = await dkimVerify(Buffer.from(raw), { resolver });
  expect(results).toHaveLength(1);
  return { result: results[0]!.status.result, comment: results[0]!.status.comment, info: results[0]!.info };
}

const DKIM_ENV = { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: privateKeyPem };

async function signUp(base: string, email: string) {
  const response = await postStartSelling(base, { email });
  expect(await response.json()).toEqual({ data: { startSelling: { success: true } } });
}

describe.each(TEST_BACKENDS)('DKIM on %s', (backend) => {
  it('given a DKIM key should sign the welcome e-mail the relay receives, and a changed copy should fail', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(smtp.close);
    const server = await startTestServer({ DEMO_DATA: 'off', SMTP_URL: smtp.url, ...DKIM_ENV }, backend);
    cleanups.push(() => server.close());

    await signUp(server.base, 'ngozi@example.ng');
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const { raw } = smtp.received[0]!;
    expect(raw).toMatch(new RegExp(`^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=${DOMAIN};`, 'm'));

    const signed = await verify(raw);
    console.log(`[dkim] signed mail: ${signed.info}`);
    expect(signed.result).toBe('pass');
    expect(signed.info).toMatch(new RegExp(`^dkim=pass header.i=@${DOMAIN} header.s=${SELECTOR} header.a=rsa-sha256`));

    // A line added to the body on the way (where the headers end).
    const body = raw.replace('\r\n\r\n', '\r\n\r\nYou have won a prize!\r\n');
    expect(body).not.toBe(raw);
    const bodyChanged = await verify(body);
    console.log(`[dkim] body changed: ${bodyChanged.info}`);
    expect(bodyChanged.result).toMatch(/^(fail|neutral)$/);
    expect(bodyChanged.comment).toMatch(/body hash/i);

    // The subject changed on the way: a signed header.
    const subject = raw.replace(/^Subject: .*/m, 'Subject: Claim your prize now');
    expect(subject).not.toBe(raw);
    const subjectChanged = await verify(subject);
    console.log(`[dkim] subject changed: ${subjectChanged.info}`);
    expect(subjectChanged.result).toBe('fail');
    expect(subjectChanged.comment).toMatch(/signature/i);
  });

  it('given a DKIM key and no SMTP_URL should sign the .eml file as it would the SMTP message', async () => {
    const server = await startTestServer({ DEMO_DATA: 'off', ...DKIM_ENV }, backend);
    cleanups.push(() => server.close());

    await signUp(server.base, 'tobi@example.ng');
    const dir = path.join(server.dataDir, 'mail');
    const emlFiles = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : []);
    await expect.poll(() => emlFiles().length, { timeout: 10_000 }).toBe(1);
    const raw = fs.readFileSync(path.join(dir, emlFiles()[0]!), 'utf8');

    expect((await verify(raw)).result).toBe('pass');
    expect((await verify(raw.replace(/^Subject: .*/m, 'Subject: Changed'))).result).toBe('fail');
  });
});

describe('without DKIM settings', () => {
  it('should send the welcome e-mail unsigned', async () => {
    const smtp = await startSmtpSink();
    cleanups.push(smtp.close);
    const server = await startTestServer({ DEMO_DATA: 'off', SMTP_URL: smtp.url });
    cleanups.push(() => server.close());

    await signUp(server.base, 'ada@example.ng');
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.received[0]!.raw).not.toMatch(/^DKIM-Signature:/im);
  });
});
