/** The loader (kasuwa-widgets.js) as built: lazy definition, tags inserted later, loading twice. */
import { expect } from '@esm-bundle/chai';
import {
  byRole,
  chunksRequested,
  find,
  fixture,
  importLoader,
  loadScript,
  mount,
  queryByRole,
  reservedHeight,
  until,
} from '../testing/browser/browser.js';
import { idleMoment } from '../testing/browser/commands.js';
import { hostSizes } from './registry.js';

await importLoader();

const sized = Object.entries(hostSizes).flatMap(([tag, size]) =>
  size.display === 'block' ? [[tag, size] as const] : [],
);

describe('kasuwa-widgets.js loader', () => {
  it("given a page with only <pricing-plans> should load its code and no other tag's", async () => {
    await chunksRequested();
    fixture('<pricing-plans></pricing-plans>');
    await customElements.whenDefined('pricing-plans');
    // An idle moment loads nothing more (there is no idle pass): only the tag on the page was asked for.
    await idleMoment();
    const asked = (await chunksRequested()).filter((name) => /\.define$|^runtime-/.test(name));
    expect(asked.filter((name) => name !== 'runtime-react' && name !== 'pricing-plans.define')).to.deep.equal([]);
    for (const tag of ['start-selling-form', 'start-selling-modal', 'store-rank-checker']) {
      expect(customElements.get(tag), tag).to.equal(undefined);
    }
  });

  it('given a CMS inserts tags later should define and render them', async () => {
    const container = fixture('');
    container.innerHTML = '<store-rank-checker api-url="/graphql"><p>fallback</p></store-rank-checker>';
    const checker = find(container, 'store-rank-checker');
    await until(
      () => checker.shadowRoot && queryByRole(checker.shadowRoot, 'textbox', 'Store domain'),
      'the rank form',
    );
    container.insertAdjacentHTML('beforeend', '<start-selling-form api-url="/graphql"></start-selling-form>');
    const form = find(container, 'start-selling-form');
    await until(() => form.shadowRoot && queryByRole(form.shadowRoot, 'textbox', 'Email address'), 'the signup form');
  });

  it('given a widget renders should put its styles in the shadow root as constructable stylesheets', async () => {
    const { root } = await mount('<start-selling-form api-url="/graphql"></start-selling-form>', 'start-selling-form', {
      role: 'button',
      name: 'Start Selling',
    });
    expect(root.adoptedStyleSheets.length).to.be.above(0);
    // How the styles arrive is structure, not something a reader sees: no <style> element.
    expect(root.querySelector('style')).to.equal(null);
  });

  it('given --kasuwa-primary on the element should colour the widget with it', async () => {
    const { root } = await mount(
      '<start-selling-form api-url="/graphql" style="--kasuwa-primary: rgb(1, 2, 3)"></start-selling-form>',
      'start-selling-form',
      { role: 'button', name: 'Start Selling' },
    );
    expect(getComputedStyle(byRole(root, 'button', 'Start Selling')).backgroundColor).to.equal('rgb(1, 2, 3)');
  });

  it('given each widget renders should keep the height its host reserves, so fallback content of that size never shifts', async () => {
    for (const width of [360, 1100]) {
      for (const [tag, size] of sized) {
        const { element } = await mount(
          `<div style="width: ${width}px"><${tag} api-url="/graphql"></${tag}></div>`,
          tag,
          { role: 'button' },
        );
        expect(element.getBoundingClientRect().height, `<${tag}> at ${width}px`).to.equal(
          reservedHeight(size, element),
        );
      }
    }
  });

  it('given the loader and the IIFE bundle are both loaded again should throw nothing and keep one definition', async () => {
    const errors: string[] = [];
    window.addEventListener('error', (event) => errors.push(event.message));
    const before = customElements.get('store-rank-checker');
    await importLoader('?second-copy');
    for (let i = 0; i < 2; i += 1) await loadScript(`/dist/widgets/kasuwa-widgets.iife.js?copy=${i}`);
    expect(errors).to.deep.equal([]);
    expect(customElements.get('store-rank-checker')).to.equal(before);
    expect(customElements.get('pricing-plans')).to.not.equal(undefined);
  });
});
