import { expect, test } from '@playwright/test';

test('given the privacy policy should have 18 numbered sections, say plainly that Do Not Track is not honoured, and cite the NDPA 2023', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  const sections = page.locator('.legal section h2');
  await expect(sections).toHaveCount(18);
  await expect(sections.first()).toHaveText(/^1\. /);
  await expect(sections.last()).toHaveText(/^18\. /);
  for (const title of ['Information we collect', 'Cookies', 'Do Not Track', 'Children under 18', 'Contact us']) {
    await expect(sections.filter({ hasText: title })).toHaveCount(1);
  }
  await expect(page.locator('#do-not-track')).toContainText('does not honour Do Not Track');
  await expect(page.locator('main')).toContainText('Nigeria Data Protection Act 2023');
});

test('given the terms should have 12 sections, the age of 18 and Nigerian law', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.locator('.legal section h2')).toHaveCount(12);
  await expect(page.locator('#eligibility')).toContainText('at least 18 years old');
  await expect(page.locator('#governing-law')).toContainText('Federal Republic of Nigeria');
});

test('given the subscription success page should confirm the payment', async ({ page }) => {
  await page.goto('/subscription/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription Payment Successful!');
  await expect(page.getByText('Cheers! Your subscription payment was successful')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
