/**
 * What the WordPress test checks on a published post (its widgets rendered, the layout shift while they
 * do) and does in the block editor.
 */
import { type Browser, expect, type FrameLocator, type Page } from '@playwright/test';
import { layoutShiftSum, recordLayoutShifts } from '../site-helpers.js';

/** The sum of layout shifts (without recent input) while a post loads and its widgets render. */
export async function layoutShift(browser: Browser, url: string, name: string, width: number) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 2600 : 2000 } });
  await recordLayoutShifts(page);
  await page.goto(url);
  await widgetsRendered(page, name);
  // A shift is reported in the frame after it happens.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return { page, cls: await layoutShiftSum(page) };
}

/** Every widget of a post is defined and shows its own controls (in its shadow root). */
export async function widgetsRendered(page: Page, name: string) {
  const form = page.locator('start-selling-form');
  await expect(form.locator('form.form')).toBeVisible();
  if (name.includes('tag') || name.includes('snippet')) return;
  await expect(page.locator('store-rank-checker').getByRole('button', { name: 'Check my rank' })).toBeVisible();
  await expect(page.locator('pricing-plans').getByRole('button', { name: 'Monthly', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('pricing-plans').getByRole('button', { name: 'Get Started' }).first()).toBeVisible();
  // The start-selling link is the loader's now: a button that opens the modal (its code comes on the press).
  await expect(page.locator('a.wp-element-button[data-start-selling]')).toHaveAttribute('role', 'button');
}

/** Where the block editor shows the post: WordPress 7's iframe (the editor canvas), or the page itself (6.1). */
export async function editorCanvas(page: Page): Promise<Page | FrameLocator> {
  const iframe = 'iframe[name="editor-canvas"]';
  await page.locator(`${iframe}, .wp-block-post-content, .editor-styles-wrapper`).first().waitFor();
  return (await page.locator(iframe).count()) ? page.frameLocator(iframe) : page;
}

type EditorGlobals = {
  wp: {
    blocks: { getBlockTypes(): { name: string }[]; createBlock(name: string, attributes?: object): unknown };
    data: {
      select(store: 'core/editor'): { getEditorBlocks(): { name: string }[] };
      dispatch(store: string): {
        insertBlocks(block: unknown): void;
        set?(scope: string, name: string, value: unknown): void;
      };
    };
  };
};

/**
 * In the block editor just opened: turns off the guide WordPress opens over a user's first visit (it
 * makes the rest inert: no role to find behind it), inserts the block once the editor shows the post,
 * sees it kept, and returns the names of the `kasuwa/` blocks the editor knows.
 */
export async function insertBlock(page: Page, name: string, attributes: object): Promise<string[]> {
  // The editor puts the post's own (empty) content in the block list once its canvas is up: a block inserted
  // before that is dropped (seen on the newest WordPress: nothing to save, no block in the breadcrumb). The
  // title field is the canvas showing the post (so wp.blocks, which it is built with, is there too).
  await (await editorCanvas(page)).locator('.editor-post-title__input').waitFor();
  const names = await page.evaluate(
    ([block, values]) => {
      const { wp } = window as unknown as EditorGlobals;
      for (const scope of ['core/edit-post', 'core'])
        wp.data.dispatch('core/preferences').set?.(scope, 'welcomeGuide', false);
      wp.data.dispatch('core/block-editor').insertBlocks(wp.blocks.createBlock(block as string, values as object));
      return wp.blocks
        .getBlockTypes()
        .map((type) => type.name)
        .filter((known) => known.startsWith('kasuwa/'));
    },
    [name, attributes] as const,
  );
  await expect(page.getByRole('dialog', { name: /^Welcome to the/ })).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        (block) =>
          (window as unknown as EditorGlobals).wp.data
            .select('core/editor')
            .getEditorBlocks()
            .some((inPost) => inPost.name === block),
        name,
      ),
    )
    .toBe(true);
  return names;
}
