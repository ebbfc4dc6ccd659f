/**
 * A partner's whole way, on SQLite and on PostgreSQL (docs/partners.md): joins in Yoruba, confirms from
 * the mail (.eml), builds the signup form with a campaign and a colour on their private page, puts
 * exactly the copied snippet on a page of their own origin, a reader signs up there, and the private
 * page counts that signup under that page and that campaign.
 */
import { expect, test } from '@playwright/test';
import { linkIn, mailsTo } from '../testing/e2e/mail-files.js';
import { partnerOrigin } from '../testing/e2e/partner-origin.js';
import { type ClusterServer, startServer } from '../testing/server/cluster.js';
import { type ScratchDatabase, scratchDatabase } from '../testing/server/scratch-database.js';
import { findPostgres } from '../testing/system/postgres-global-setup.js';

const CAMPAIGN = 'oṣu-keji';
const served: Record<string, string> = {};
const blog = partnerOrigin(() => served);

for (const backend of ['sqlite', 'postgres'] as const) {
  test.describe(`on ${backend}`, () => {
    let database: ScratchDatabase;
    let server: ClusterServer;
    test.beforeAll(async () => {
      database = await scratchDatabase(backend, backend === 'postgres' ? (await findPostgres()).url : undefined);
      server = await startServer(`journey-${backend}`, {
        ...database.env,
        NODE_ENV: 'test',
        SINGLE_SERVER: 'on',
        // The page is opened before the signup and again after: it reads the counts each time.
        PARTNER_CACHE_SECONDS: '0',
      });
    });
    test.afterAll(async () => {
      server?.child.kill();
      await server?.exited;
      await database?.drop();
    });

    test('given a partner joining in Yoruba, the snippet they build takes a signup their page counts by page and campaign', async ({
      page,
      context,
    }) => {
      test.setTimeout(40_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const address = `ayo.${backend}@example.com`;
      const code = `ayo-${backend}`;
      await page.goto(`${server.base}/yo/partners/join`);
      const join = page.getByRole('form', { name: 'Darapọ̀' });
      await join.getByLabel('Àdírẹ́sì ímeèlì rẹ').fill(address);
      await join.getByLabel('Ojú-òpó wẹ́ẹ̀bù tàbí orúkọ ìkànnì àjọlò rẹ').fill('@ayostitches');
      await join.getByLabel('Kóòdù alábàáṣiṣẹ́pọ̀ tí o fẹ́ (kò pọn dandan)').fill(code);
      await join.getByRole('button', { name: 'Darapọ̀ mọ́ ètò náà' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ṣàyẹ̀wò àpótí ímeèlì rẹ');

      const dataDir = database.env.DATA_DIR;
      await expect.poll(() => mailsTo(dataDir, address).length, { timeout: 15_000 }).toBe(1);
      const confirm = linkIn(mailsTo(dataDir, address)[0]!, '/yo/partners/confirm');
      // The link's page asks; its button confirms.
      await page.goto(`${server.base}${confirm}`);
      await page.getByRole('button', { name: 'Jẹ́rìí sí i' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ẹ káàbọ̀, alábàáṣiṣẹ́pọ̀!');
      const privateLink = new URL((await page.getByRole('link', { name: /\/partners\?t=/ }).getAttribute('href'))!);
      // In the language they joined in.
      expect(privateLink.pathname).toBe('/yo/partners');
      const privatePath = `${privateLink.pathname}${privateLink.search}`;

      await page.goto(`${server.base}${privatePath}`);
      const builder = page.getByRole('region', { name: 'Kọ́ widget rẹ' });
      await builder.getByRole('radio', { name: 'Fọ́ọ̀mù ìforúkọsílẹ̀' }).check();
      await builder.getByRole('textbox', { name: 'Ìpolongo (kò pọndandan)' }).fill(CAMPAIGN);
      await builder.getByLabel('Àwọn bọ́tìnnì àti ìsopọ̀').fill('#0b6e4f');
      await builder.getByRole('button', { name: 'Da HTML lásán kọ' }).click();
      const snippet = await page.evaluate(() => navigator.clipboard.readText());
      expect(snippet).toContain(`partner="${code}"`);
      expect(snippet).not.toContain(privateLink.searchParams.get('t')!);

      served['/shop-talk'] =
        `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Shop talk</title></head>\n<body><h1>Shop talk</h1>\n${snippet}\n</body></html>`;
      await page.goto(`${blog.url}shop-talk`);
      const form = page.locator('start-selling-form');
      await expect(form.getByRole('button', { name: 'Start Selling' })).toHaveCSS(
        'background-color',
        'rgb(11, 110, 79)',
      );
      await form.getByRole('textbox', { name: 'Email address' }).fill(`reader.${backend}@example.com`);
      await form.getByRole('button', { name: 'Start Selling' }).click();
      await expect(form.getByRole('status').filter({ hasText: 'Success' })).toBeVisible();

      const blogPage = `${new URL(blog.url).host}/shop-talk`;
      await page.goto(`${server.base}${privatePath}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
      const byPage = page.getByRole('table', { name: 'Ojú-ìwé' });
      await expect(byPage.getByRole('row', { name: new RegExp(`${blogPage} 1`) })).toBeVisible();
      const byCampaign = page.getByRole('table', { name: 'Ìpolongo' });
      await expect(byCampaign.getByRole('row', { name: new RegExp(`${CAMPAIGN} 1`) })).toBeVisible();
    });
  });
}
