import { expect, type Page, test } from '@playwright/test';

/**
 * The IDs are written into the pages at build time; here the served HTML gets the <meta> tags a
 * configured build would have, and the third-party scripts are answered locally.
 */
async function configure(page: Page, metas: Record<string, string>) {
  const tags = Object.entries(metas)
    .map(([name, content]) => `<meta name="${name}" content="${content}">`)
    .join('');
  await page.route(
    (url) => url.pathname === '/' || url.pathname === '/pricing',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<meta charset="utf-8">', `<meta charset="utf-8">${tags}`);
      await route.fulfill({ response, body: html });
    },
  );
  await page.route(/googletagmanager|facebook\.net|tawk\.to/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '/* stub */' }),
  );
}

test('given no IDs configured should load no third-party script', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(requests.filter((url) => !url.startsWith(new URL(page.url()).origin))).toEqual([]);
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeHidden();
});

test('given GA, pixel and chat IDs should load each script once, also after back/forward navigation', async ({
  page,
}) => {
  await configure(page, {
    'kasuwa-ga-id': 'G-TEST123',
    'kasuwa-pixel-id': '1234567890',
    'kasuwa-chat-id': 'abc123/default',
  });
  await page.goto('/', { waitUntil: 'load' });
  await expect(page.locator('script#kasuwa-chat')).toHaveCount(1);
  await expect(page.locator('script#kasuwa-ga')).toHaveAttribute('src', /id=G-TEST123/);
  await expect(page.locator('script#kasuwa-pixel')).toHaveCount(1);
  const dataLayer = await page.evaluate(() =>
    ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).map((args) => [...args]),
  );
  expect(dataLayer).toContainEqual(['event', 'page_view', { page_title: 'Home Page', page_path: '/' }]);

  await page.goto('/pricing', { waitUntil: 'load' });
  await page.goBack({ waitUntil: 'load' });
  await expect(page.locator('script#kasuwa-chat')).toHaveCount(1);
});
