/**
 * The site in five languages (docs/site.md#languages): every page under each prefix with its lang,
 * canonical URL and hreflang links, the not-found page in the prefix's language, the language menu
 * without JavaScript, and the answers of the no-JavaScript forms in the language of the form.
 */
import { expect, test } from '@playwright/test';

const LOCALES = ['en', 'pcm', 'ha', 'yo', 'ig'] as const;
const PAGES = ['/', '/new-year-sales', '/pricing', '/privacy-policy', '/terms-and-conditions', '/widgets'];
const prefixed = (locale: string, path: string) => (locale === 'en' ? path : `/${locale}${path}`);
const ORIGIN = 'https://kasuwa.shop'; // PUBLIC_URL is unset in the e2e server: the default origin

test('given every page under each prefix should answer it with its lang, canonical URL and the five hreflang links', async ({
  request,
}) => {
  for (const locale of LOCALES) {
    for (const path of [...PAGES, '/subscription/success']) {
      const response = await request.get(prefixed(locale, path));
      expect(response.status(), prefixed(locale, path)).toBe(200);
      const html = await response.text();
      expect(html, prefixed(locale, path)).toContain(`<html lang="${locale}">`);
      if (path !== '/subscription/success') {
        expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${prefixed(locale, path)}">`);
      }
      for (const other of LOCALES) {
        expect(html).toContain(`<link rel="alternate" hreflang="${other}" href="${ORIGIN}${prefixed(other, path)}">`);
      }
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}${path}">`);
    }
  }
});

test('given an unknown path under each prefix should answer 404 with the not-found page in that language', async ({
  page,
}) => {
  const headings = new Map<string, string>();
  for (const locale of LOCALES) {
    const response = await page.goto(prefixed(locale, '/no-such-page'));
    expect(response?.status(), locale).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    headings.set(locale, heading);
    // Its way home stays in the language.
    await expect(page.locator('main a.button')).toHaveAttribute('href', prefixed(locale, '/'));
  }
  expect(new Set(headings.values()).size, JSON.stringify([...headings])).toBe(LOCALES.length);
  // A language's home page has one address, with its slash.
  const bare = await page.request.get('/yo', { maxRedirects: 0 });
  expect(bare.status()).toBe(301);
  expect(bare.headers().location).toBe('/yo/');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test('given the header language menu should open from the keyboard and lead to the same page in the chosen language', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const menu = page.locator('.site-header .lang-menu');
    const summary = menu.locator('summary');
    await expect(summary).toHaveText('Language: English');
    const hausa = menu.getByRole('link', { name: 'Hausa' });
    await expect(hausa).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(hausa).toBeVisible();
    await expect(hausa).toHaveAttribute('lang', 'ha');
    await expect(hausa).toHaveAttribute('hreflang', 'ha');
    await expect(menu.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Yorùbá' })).toHaveAttribute('lang', 'yo');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(hausa).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ha\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
    await expect(page.locator('.site-header .lang-menu summary')).toContainText('Hausa');
  });

  test('given a small screen should offer the languages in the footer as plain links', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/yo/new-year-sales');
    const footer = page.getByRole('contentinfo');
    const igbo = footer.getByRole('link', { name: 'Igbo' });
    await expect(igbo).toBeVisible();
    await igbo.click();
    await expect(page).toHaveURL(/\/ig\/new-year-sales$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ig');
  });

  test('given the rank form on a Yoruba page should answer in Yoruba, with language links that keep the store', async ({
    page,
  }) => {
    await page.goto('/yo/new-year-sales');
    const form = page.locator('#rank-check form');
    await form.locator('input[name="domain"]').fill('adaeze-fabrics');
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/yo\/new-year-sales\/rank\?domain=adaeze-fabrics$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
    await expect(page.getByText('Adaeze Fabrics', { exact: false }).first()).toBeVisible();
    await expect(page.locator('.site-header .lang-menu a[hreflang="en"]')).toHaveAttribute(
      'href',
      '/new-year-sales/rank?domain=adaeze-fabrics',
    );
  });

  test('given the signup form on a Hausa page should answer in Hausa', async ({ page }) => {
    await page.goto('/ha/');
    const form = page.locator('#signup form');
    await expect(form.locator('input[name="locale"]')).toHaveValue('ha');
    await form.locator('input[type="email"]').fill('kano-trader@example.com');
    await form.locator('button[type="submit"]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
    await expect(page.locator('.site-header .lang-menu a[hreflang="en"]')).toHaveAttribute('href', '/');
  });
});

test('given /yo/ and /ha/ at 360 px should show the store-front picture with its words and its name in that language', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const pictures = {
    yo: { name: /^Ṣọ́ọ̀bù Kasuwa lórí fóònù: Aṣọ Ada/, words: ['Aṣọ Ada', 'Títà Ọdún Tuntun', 'Rà á lórí WhatsApp'] },
    ha: {
      name: /^Shagon Kasuwa a waya: Yadukan Ada/,
      words: ['Yadukan Ada', 'Cinikin Sabuwar Shekara', 'Yi oda ta WhatsApp'],
    },
  };
  for (const [locale, { name, words }] of Object.entries(pictures)) {
    await page.goto(`/${locale}/`);
    const phone = page.getByRole('img', { name }).first();
    await expect(phone).toBeVisible();
    for (const word of words) await expect(phone.locator('text', { hasText: word })).toBeVisible();
    await expect(phone).not.toContainText('Order on WhatsApp');
    await phone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/pictures-${locale}-360.png` });
    await phone.screenshot({ path: `test-results/pictures-${locale}-360-storefront.png` });
  }
});
