/**
 * The partner programme without JavaScript (docs/partners.md, "Joining"): a new partner joins in Yoruba
 * at /yo/partners/join, confirms from the mail the server wrote (.eml), sees their code and private
 * link, which opens their page; a lost link is mailed to them, and an unknown address gets the same answer.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { linkIn, mailsTo as mailsIn } from '../testing/e2e/mail-files.js';

const mailsTo = (address: string) => mailsIn(E2E_DATA_DIR, address);

test.use({ javaScriptEnabled: false });

async function askForNewLink(page: Page, email: string) {
  await page.goto('/yo/partners/join');
  const form = page.getByRole('form', { name: 'Ṣé o sọ ìjápọ̀ àṣírí rẹ nù?' });
  await form.getByLabel('Àdírẹ́sì ímeèlì rẹ').fill(email);
  await form.getByRole('button', { name: 'Fi ìjápọ̀ tuntun ránṣẹ́ sí mi' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ṣàyẹ̀wò àpótí ímeèlì rẹ');
  return page.locator('main').innerText();
}

test('given a new partner joining in Yoruba should confirm from the mail, show the code and a private link that opens', async ({
  page,
}) => {
  const address = 'bisi.partner@example.com';
  await page.goto('/yo/partners/join');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Di alábàáṣiṣẹ́pọ̀ Kasuwa');
  const form = page.getByRole('form', { name: 'Darapọ̀' });
  await form.getByLabel('Àdírẹ́sì ímeèlì rẹ').fill(address);
  await form.getByLabel('Ojú-òpó wẹ́ẹ̀bù tàbí orúkọ ìkànnì àjọlò rẹ').fill('@bisibakes');
  await form.getByLabel('Kóòdù alábàáṣiṣẹ́pọ̀ tí o fẹ́ (kò pọn dandan)').fill('bisi-bakes');
  await expect(form.getByLabel('Èdè àwọn ímeèlì wa')).toHaveValue('yo');
  await form.getByRole('button', { name: 'Darapọ̀ mọ́ ètò náà' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ṣàyẹ̀wò àpótí ímeèlì rẹ');

  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(1);
  const confirmation = mailsTo(address)[0]!;
  expect(confirmation).toContain('Content-Language: yo');
  expect(confirmation).toContain('bisi-bakes');
  // Opening the link (as a mail scanner would) only asks; its button confirms.
  await page.goto(linkIn(confirmation, '/yo/partners/confirm'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jẹ́rìí sí kóòdù alábàáṣiṣẹ́pọ̀ rẹ');
  expect(mailsTo(address)).toHaveLength(1);
  await page.getByRole('button', { name: 'Jẹ́rìí sí i' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ẹ káàbọ̀, alábàáṣiṣẹ́pọ̀!');
  await expect(page.getByRole('definition').first()).toHaveText('bisi-bakes');
  const privateLink = page.getByRole('link', { name: /\/partners\?t=/ });
  const href = await privateLink.getAttribute('href');
  await page.goto(new URL(href!).pathname + new URL(href!).search);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('bisi-bakes');

  // The same link, by mail, once.
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(2);
  const mailed = mailsTo(address).find((mail) => mail.includes('/yo/partners?t='))!;
  await page.goto(linkIn(mailed, '/yo/partners'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('bisi-bakes');

  // A code someone holds gets a free one in its field.
  await page.goto('/partners/join');
  const again = page.getByRole('form', { name: 'Join' });
  await again.getByLabel('Your e-mail address').fill('other.partner@example.com');
  await again.getByLabel('Your website or social handle').fill('other.example');
  await again.getByLabel('Preferred partner code (optional)').fill('bisi-bakes');
  await again.getByRole('button', { name: 'Join the programme' }).click();
  await expect(page.getByRole('alert')).toContainText('bisi-bakes-2 is free');
  await expect(page.getByLabel('Preferred partner code (optional)')).toHaveValue('bisi-bakes-2');

  // Lost: a new link by mail, and the same answer for an address we do not know.
  const known = await askForNewLink(page, address);
  const unknown = await askForNewLink(page, 'nobody.partner@example.com');
  expect(unknown).toBe(known);
  await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(3);
  expect(mailsTo('nobody.partner@example.com')).toEqual([]);
  // Links issued in the same second are alike: any of them opens the page.
  const links = mailsTo(address)
    .filter((mail) => mail.includes('/yo/partners?t='))
    .map((mail) => linkIn(mail, '/yo/partners'));
  expect(links).toHaveLength(2);
  await page.goto(links[1]!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('bisi-bakes');
});

test('given a refused private link should offer to mail a new one', async ({ page }) => {
  const refused = await page.goto('/partners?t=not-a-link');
  expect(refused?.status()).toBe(403);
  const form = page.getByRole('form', { name: 'Lost your private link?' });
  await form.getByLabel('Your e-mail address').fill('nobody.partner@example.com');
  await form.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox');
});

test('given the footer and /widgets should lead to the programme page', async ({ page }) => {
  await page.goto('/widgets');
  await page.getByRole('link', { name: 'Join the partner programme' }).click();
  await expect(page).toHaveURL(/\/partners\/join$/);
  await page.goto('/ha/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shirin abokan hulɗa' }).click();
  await expect(page).toHaveURL(/\/ha\/partners\/join$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zama abokin hulɗar Kasuwa');
});
