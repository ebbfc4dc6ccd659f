/**
 * Keyboard journeys: only Tab, Shift+Tab, Enter, Space, Esc and arrow keys. After every key
 * the focused element (followed into shadow roots) must show a focus indicator, and focus must never
 * fall back to <body>.
 */
import { expect, type Page, test } from '@playwright/test';

type Focus = {
  tag: string;
  name: string;
  /** An outline or a box-shadow is drawn around it. */
  visible: boolean;
  lost: boolean;
  inDialog: boolean;
  inHeader: boolean;
};

/** The element that really has focus, looking through open shadow roots, and how it looks. */
const focus = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { tag: 'body', name: '', visible: false, lost: true, inDialog: false, inHeader: false };
    }
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const input = el as HTMLInputElement;
    const name =
      el.getAttribute('aria-label') ??
      (input.labels?.[0]?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return {
      tag: el.tagName.toLowerCase(),
      name,
      visible: outline || style.boxShadow !== 'none',
      lost: false,
      inDialog: !!el.closest('dialog'),
      inHeader: !!el.closest('header'),
    };
  });

/** Presses a key and checks the focus that results is visible and not lost. */
async function press(page: Page, key: string): Promise<Focus> {
  await page.keyboard.press(key);
  const now = await focus(page);
  expect(now.lost, `focus fell to <body> after ${key}`).toBe(false);
  expect(now.visible, `no visible focus on <${now.tag}> "${now.name}" after ${key}`).toBe(true);
  return now;
}

/** Tabs (forwards or with Shift) until the focused element matches, checking every stop on the way. */
async function tabTo(page: Page, matches: (focus: Focus) => boolean, { back = false, max = 80 } = {}) {
  for (let step = 0; step < max; step += 1) {
    const now = await press(page, back ? 'Shift+Tab' : 'Tab');
    if (matches(now)) return now;
  }
  throw new Error(`no focusable element matched within ${max} ${back ? 'Shift+Tab' : 'Tab'} presses`);
}

const named = (name: string) => (focus: Focus) => focus.name === name;

async function visit(page: Page, path: string, width = 1366) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test('given the keyboard only should sign up from the header button and return focus to it', async ({ page }) => {
  await visit(page, '/');
  const opener = await tabTo(page, named('Start Selling'));
  expect(opener.inHeader).toBe(true);

  const modal = page.getByRole('dialog', { name: 'Start Selling with Ease!' });
  // Its code started loading when the button got focus; the dialog opens once it is there.
  await press(page, 'Enter');
  await expect(modal).toBeVisible();
  expect(await focus(page)).toMatchObject({ tag: 'input', name: 'Email address', inDialog: true });

  await page.keyboard.type('keyboard.journey@example.com');
  await press(page, 'Enter');
  await expect(page.locator('start-selling-modal').getByRole('status').filter({ hasText: 'Success' })).toBeVisible();
  await expect(modal).toBeHidden();
  expect(await focus(page)).toMatchObject({ name: 'Start Selling', inHeader: true, visible: true });
});

test('given the keyboard only should check a rank, close the dialog with Esc and get focus back', async ({ page }) => {
  await visit(page, '/new-year-sales');
  await tabTo(page, named('Store domain'));
  await page.keyboard.type('adaeze-fabrics');
  // Shift+Tab and back: the field keeps its text and its focus ring.
  await press(page, 'Tab');
  await press(page, 'Shift+Tab');
  const checker = page.locator('store-rank-checker');
  const dialog = checker.getByRole('dialog', { name: 'Your New Year sales ranking' });
  // Focus loaded the checker's code (at 1366 px it is more than a screen down). An Enter before it has
  // rendered waits 3 s for it, then posts the no-JS form (widgets/loader.ts; that path has its own tests
  // in widgets/start-selling-form/fallback-submit.browser.ts), which a busy full run sometimes reached.
  await page.waitForFunction(() => document.querySelector('store-rank-checker')?.shadowRoot?.querySelector('form'));
  await press(page, 'Enter');
  await expect(dialog).toBeVisible();
  expect(await focus(page)).toMatchObject({ inDialog: true, visible: true });
  // Tab stays inside the modal dialog.
  expect((await press(page, 'Tab')).inDialog).toBe(true);

  const back = await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  expect(back.inDialog).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).toBe('store-rank-checker');
});

test('given the keyboard only should switch the pricing period and move through the cards', async ({ page }) => {
  await visit(page, '/pricing', 360);
  const plans = page.locator('pricing-plans').first();
  const monthly = plans.getByRole('button', { name: 'Monthly' });
  await tabTo(page, named('Monthly'));
  await press(page, 'Space');
  await expect(monthly).toHaveAttribute('aria-pressed', 'true');
  await expect(plans.getByText('/month', { exact: true }).first()).toBeVisible();

  await tabTo(page, named('Plans, use the arrow keys to move'));
  await press(page, 'ArrowRight');
  await expect(plans.getByRole('button', { name: 'Show Starter' })).toHaveAttribute('aria-current', 'true');
  await press(page, 'ArrowLeft');
  await expect(plans.getByRole('button', { name: 'Show Free' })).toHaveAttribute('aria-current', 'true');

  for (const plan of ['Free', 'Starter', 'Plus', 'Pro']) {
    expect((await press(page, 'Tab')).name).toBe(`Get Started with ${plan}`);
  }
  await tabTo(page, named('Get Started with Plus'), { back: true });
});

test('given the keyboard only should open and close an FAQ entry', async ({ page }) => {
  await visit(page, '/pricing');
  // The first entry starts open; take the second (the header's language menu is a <details> too).
  const faq = (now: { tag: string; name: string }) => now.tag === 'summary' && !now.name.startsWith('Language');
  await tabTo(page, faq);
  const entry = await tabTo(page, faq);
  const details = page.locator('details').filter({ hasText: entry.name }).first();
  await expect(details).not.toHaveAttribute('open');
  await press(page, 'Enter');
  await expect(details).toHaveAttribute('open', '');
  await press(page, 'Space');
  await expect(details).not.toHaveAttribute('open');
});

test('given the keyboard only at 360 px should open and close the drawer', async ({ page }) => {
  await visit(page, '/', 360);
  await tabTo(page, named('Menu'));
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const inside = await press(page, 'Enter');
  await expect(drawer).toBeVisible();
  expect(inside.inDialog).toBe(true);
  await tabTo(page, named('Pricing'));
  await press(page, 'Escape');
  await expect(drawer).toBeHidden();
  expect(await focus(page)).toMatchObject({ name: 'Menu', visible: true });
});
