import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const paths = [
  '/',
  '/new-year-sales',
  '/pricing',
  '/privacy-policy',
  '/terms-and-conditions',
  '/subscription/success',
  '/no-such-page',
];

for (const width of [360, 1366]) {
  test(`given every page at ${width} px should have no axe-core violations`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    }
  });
}

test('given the drawer open at 360 px should have no axe-core violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});
