/**
 * Nothing overflows in a longer language (docs/languages.md, "Pseudo-locale"): every widget in the
 * pseudo-locale, each message 40% longer, at 320 and 1366 px: no horizontal scroll, no clipped button.
 * Each sits in a column of that width (MiniBrowser's window cannot be narrower than about 450 px).
 */
import { expect } from '@esm-bundle/chai';
import { importLoader, mount, until } from '../../testing/browser/browser.js';
import { viewport } from '../../testing/browser/commands.js';

await importLoader();

/** Buttons whose text does not fit them (cut off rather than wrapped), with their text. */
function clippedButtons(root: ShadowRoot): string[] {
  return [...root.querySelectorAll('button')]
    .filter((button) => button.getClientRects().length > 0)
    .filter((button) => button.scrollWidth > button.clientWidth + 1 || button.scrollHeight > button.clientHeight + 1)
    .map((button) => button.textContent || button.getAttribute('aria-label') || '');
}

const widgets = [
  ['start-selling-form', '<start-selling-form lang="pseudo" api-url="/graphql"></start-selling-form>'],
  ['store-rank-checker', '<store-rank-checker lang="pseudo" api-url="/graphql"></store-rank-checker>'],
  ['pricing-plans', '<pricing-plans lang="pseudo"></pricing-plans>'],
  ['start-selling-modal', '<start-selling-modal lang="pseudo" api-url="/graphql" open></start-selling-modal>'],
] as const;

for (const width of [320, 1366]) {
  describe(`the pseudo-locale at ${width} px`, () => {
    before(async () => {
      await viewport({ width, height: 800 });
    });

    for (const [tag, html] of widgets) {
      it(`given <${tag}> in the pseudo-locale should fit: no horizontal scroll, no clipped button`, async () => {
        const { container, element, root } = await mount(
          `<div class="column" style="width:${width}px;max-width:100%">${html}</div>`,
          tag,
          'button',
        );
        const column = container.querySelector('.column') as HTMLElement;
        // The pseudo-locale's chunk has come: the buttons say its lengthened words.
        await until(
          () => [...root.querySelectorAll('button')].some((b) => /~/.test(b.textContent ?? '')),
          'pseudo text',
        );
        expect(document.documentElement.scrollWidth, 'page width').to.be.at.most(window.innerWidth);
        expect(column.scrollWidth, 'column width').to.be.at.most(column.clientWidth);
        expect(element.getBoundingClientRect().right, 'widget right edge').to.be.at.most(
          column.getBoundingClientRect().right + 0.5,
        );
        expect(clippedButtons(root)).to.deep.equal([]);
      });
    }
  });
}
