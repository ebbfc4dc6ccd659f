/**
 * The stop link of a real welcome mail (an .eml file the server wrote), in a browser without JavaScript:
 * the page asks with one button and changes nothing; the button stops the e-mails; a changed link says
 * it did nothing (docs/signups.md, "Privacy"); a Yoruba mail's link does all of it in Yoruba.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { START_SELLING } from '../testing/server/start-selling.js';

test.use({ javaScriptEnabled: false });

const mailDir = path.join(E2E_DATA_DIR, 'mail');

/** The welcome mail's file for this address, unfolded, once the server wrote it. */
function mailTo(address: string): string | undefined {
  if (!fs.existsSync(mailDir)) return undefined;
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
    .find((raw) => raw.includes(`To: ${address}`));
}

function suppressionCount(): number {
  const sqlite = new SQLite(path.join(E2E_DATA_DIR, 'kasuwa.sqlite'), { readonly: true });
  try {
    return (sqlite.prepare('SELECT count(*) AS n FROM suppressions').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

test('given the stop link of a welcome mail should ask with one button, and stop the e-mails only when it is pressed', async ({
  page,
}) => {
  const address = 'amaka.stop@example.com';
  const signedUp = await page.request.post('/graphql', {
    data: {
      query: START_SELLING,
      variables: { data: { email: address } },
    },
  });
  expect(signedUp.ok()).toBe(true);
  await expect.poll(() => mailTo(address) !== undefined, { timeout: 10_000 }).toBe(true);
  const header = /^List-Unsubscribe: <https:\/\/kasuwa\.shop\/unsubscribe\?t=([^>]+)>/m.exec(mailTo(address)!);
  const token = header?.[1];
  expect(token).toBeTruthy();
  const before = suppressionCount();

  const shown = await page.goto(`/unsubscribe?t=${token}`);
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop e-mails from Kasuwa?');
  await expect(page.getByText('am…@example.com')).toBeVisible();
  expect(suppressionCount()).toBe(before); // opening the link changes nothing

  await page.getByRole('button', { name: 'Stop all e-mails to this address' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Done: no more e-mails');
  await expect(page.getByRole('status')).toContainText('We will not e-mail am…@example.com again.');
  expect(suppressionCount()).toBe(before + 1);

  const changed = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
  const refused = await page.goto(`/unsubscribe?t=${changed}`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  await expect(page.getByRole('alert')).toContainText('nothing was done');
  await expect(page.getByRole('button')).toHaveCount(0);
});

test("given a Yoruba signup's stop link should ask, stop and refuse in Yoruba, at the link's Yoruba address", async ({
  page,
}) => {
  const address = 'bisi.stop@example.com';
  const signedUp = await page.request.post('/graphql', {
    data: {
      query: START_SELLING,
      variables: { data: { email: address, locale: 'yo' } },
    },
  });
  expect(signedUp.ok()).toBe(true);
  await expect.poll(() => mailTo(address) !== undefined, { timeout: 10_000 }).toBe(true);
  const token = /^List-Unsubscribe: <https:\/\/kasuwa\.shop\/yo\/unsubscribe\?t=([^>]+)>/m.exec(mailTo(address)!)?.[1];
  expect(token).toBeTruthy();
  const before = suppressionCount();

  await page.goto(`/yo/unsubscribe?t=${token}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ṣé kí Kasuwa dá ímeèlì dúró?');
  await page.getByRole('button', { name: 'Dá gbogbo ímeèlì sí àdírẹ́sì yìí dúró' }).click();
  await expect(page).toHaveURL(/\/yo\/unsubscribe$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ó ti parí: kò sí ímeèlì mọ́');
  await expect(page.getByRole('status')).toContainText('A kò ní fi ímeèlì ránṣẹ́ sí bi…@example.com mọ́.');
  expect(suppressionCount()).toBe(before + 1);

  const refused = await page.goto(`/yo/unsubscribe?t=${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ìjápọ̀ yìí kò ṣiṣẹ́');
});
