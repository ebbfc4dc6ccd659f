/**
 * A React 19 app and a Vue 3 app (the snippets in docs/embed-react.md and docs/embed-vue.md), built with
 * vite by this test against the packed @kasuwa/widgets installed beside them, loading all four tags from
 * https://kasuwa.shop. Playwright serves each app on its own origin and answers https://kasuwa.shop/
 * from the running product, so the apps keep the exact origin the guides show.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.js';
import { hostProjects, packedWidgets, unpack } from '../../testing/e2e/hosts/host-projects.js';
import { storedSignup } from '../../testing/e2e/stored-signup.js';

const product = `http://127.0.0.1:${E2E_PORT}`;
const outDir = path.resolve('test-results/hosts');

const frameworks = [
  { name: 'react', origin: 'https://react-shop.test', partner: 'react-host' },
  { name: 'vue', origin: 'https://vue-shop.test', partner: 'vue-host' },
] as const;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { build } = await import('vite');
  // As a partner's project: the tarball npm would install, not our sources.
  const apps = hostProjects(path.resolve('test-results/hosts-src'), unpack(packedWidgets()));
  // A development build: React and Vue print their warnings (none may appear).
  const common = {
    logLevel: 'warn' as const,
    mode: 'development',
    define: { 'process.env.NODE_ENV': '"development"' },
    build: { emptyOutDir: true, minify: false },
  };
  await build({
    ...common,
    configFile: false,
    root: apps.react,
    esbuild: { jsx: 'automatic' },
    build: { ...common.build, outDir: path.join(outDir, 'react') },
  });
  await build({
    ...common,
    configFile: path.join(apps.vue, 'vite.config.ts'),
    root: apps.vue,
    build: { ...common.build, outDir: path.join(outDir, 'vue') },
  });
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The app's origin from its built files; https://kasuwa.shop/ from the running product. */
async function serve(context: BrowserContext, framework: (typeof frameworks)[number]) {
  await context.route(`${framework.origin}/**`, async (route) => {
    const pathname = new URL(route.request().url()).pathname;
    const file = path.join(outDir, framework.name, pathname === '/' ? 'index.html' : pathname);
    if (!fs.existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ body: fs.readFileSync(file), contentType: types[path.extname(file)] ?? 'text/plain' });
  });
  await context.route('https://kasuwa.shop/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${product}${url.pathname}${url.search}` });
    return route.fulfill({ response });
  });
}

/** Console errors and warnings, and uncaught errors, from the moment the page opens. */
function problems(page: Page) {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') found.push(message.text());
  });
  page.on('pageerror', (error) => found.push(error.message));
  return found;
}

for (const framework of frameworks) {
  test.describe(`${framework.name} host`, () => {
    test.beforeEach(async ({ context }) => {
      await serve(context, framework);
    });

    test('given the app under StrictMode should render all four widgets without a console error or warning', async ({
      page,
    }) => {
      const found = problems(page);
      await page.goto(`${framework.origin}/`);
      await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Monthly', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Open signup' }).click();
      const modal = page.getByRole('dialog', { name: 'Start Selling with Ease!' });
      await expect(modal).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      // openStartSelling() from the loader opens the same modal.
      await page.getByRole('button', { name: 'Join Kasuwa' }).click();
      await expect(modal).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      expect(found).toEqual([]);
    });

    test('given the app changes the period should switch the cards, and the toggle should reach the app', async ({
      page,
    }) => {
      await page.goto(`${framework.origin}/`);
      const monthly = page.getByRole('button', { name: 'Monthly', exact: true });
      await expect(monthly).toHaveAttribute('aria-pressed', 'false');
      await page.getByRole('button', { name: 'Show monthly prices' }).click();
      await expect(monthly).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('pricing-plans').getByText('₦2,000/month')).toBeVisible();
      // The widget's own toggle fires pricing-period-change; the app's state follows it.
      await page.getByRole('button', { name: /^Annual/ }).click();
      await expect(page.getByRole('button', { name: 'Show monthly prices' })).toBeVisible();
    });

    test('given the widgets are unmounted and mounted three times should open one dialog and one toast per action, with the partner code stored', async ({
      page,
    }) => {
      const found = problems(page);
      await page.goto(`${framework.origin}/`);
      await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeVisible();
      for (let round = 0; round < 3; round += 1) {
        await page.getByRole('button', { name: 'Hide widgets' }).click();
        await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeHidden();
        await page.getByRole('button', { name: 'Show widgets' }).click();
        await expect(page.getByRole('textbox', { name: 'Store domain' })).toBeVisible();
      }

      await page.getByRole('textbox', { name: 'Store domain' }).fill('adaeze-fabrics');
      await page.getByRole('button', { name: 'Check my rank' }).click();
      await expect(page.getByRole('dialog', { name: 'Your New Year sales ranking' })).toHaveCount(1);
      await expect(page.getByText(/^Your rank: \d+$/)).toBeVisible();
      await page.keyboard.press('Escape');

      const email = `${framework.name}-host-${Date.now()}@example.ng`;
      const form = page.locator('start-selling-form');
      await form.getByRole('textbox', { name: 'Email address' }).fill(email);
      await form.getByRole('button', { name: 'Start Selling' }).click();
      await expect(page.getByText('Signed up', { exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Kindly check your email' })).toHaveCount(1);
      // Whatever the column is called, the stored signup carries the partner code the app passed.
      await expect.poll(() => Object.values(storedSignup(email) ?? {})).toContain(framework.partner);
      expect(found).toEqual([]);
    });
  });
}
