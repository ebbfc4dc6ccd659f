/** The loader (kasuwa-widgets.js) as built: lazy definition, tags inserted later, loading twice. */
import { expect } from '@esm-bundle/chai';
import '/dist/widgets/kasuwa-widgets.js';
import { until } from './shared/test-helpers.js';

describe('kasuwa-widgets.js loader', () => {
  it('given a page without widget tags should define none of them', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const tag of ['start-selling-form', 'start-selling-modal', 'store-rank-checker', 'pricing-plans']) {
      expect(customElements.get(tag), tag).to.equal(undefined);
    }
  });

  it('given a CMS inserts tags later should define and render them', async () => {
    const wrapper = document.createElement('div');
    wrapper.innerHTML = '<store-rank-checker api-url="/graphql"><p>fallback</p></store-rank-checker>';
    document.body.append(wrapper);
    const element = document.querySelector('store-rank-checker');
    await until(() => element.shadowRoot?.querySelector('form'), 'the rank form');
    document.body.insertAdjacentHTML('beforeend', '<start-selling-form api-url="/graphql"></start-selling-form>');
    const form = document.querySelector('start-selling-form');
    await until(() => form.shadowRoot?.querySelector('form'), 'the signup form');
  });

  it('given the widget styles should live in the shadow root as constructable stylesheets, themable by --kasuwa-*', async () => {
    const element = document.querySelector('start-selling-form');
    element.style.setProperty('--kasuwa-primary', 'rgb(1, 2, 3)');
    const root = await until(
      () => element.shadowRoot?.querySelector('button[type="submit"]') && element.shadowRoot,
      'button',
    );
    expect(root.adoptedStyleSheets.length).to.be.above(0);
    expect(root.querySelector('style')).to.equal(null);
    expect(getComputedStyle(root.querySelector('button[type="submit"]')).backgroundColor).to.equal('rgb(1, 2, 3)');
  });

  it('given each widget renders should keep the height its host reserves, so fallback content of that size never shifts', async () => {
    const reserved = { 'start-selling-form': 132, 'store-rank-checker': 132, 'pricing-plans': 760 };
    for (const width of [360, 1100]) {
      for (const [tag, height] of Object.entries(reserved)) {
        document.body.innerHTML = `<div style="width: ${width}px"><${tag} api-url="/graphql"></${tag}></div>`;
        const element = document.querySelector(tag);
        await until(() => element.shadowRoot?.querySelector('button'), `<${tag}> rendered`);
        expect(element.getBoundingClientRect().height, `<${tag}> at ${width}px`).to.equal(height);
      }
    }
  });

  it('given the loader and the IIFE bundle are both loaded again should throw nothing and keep one definition', async () => {
    const errors = [];
    window.addEventListener('error', (event) => errors.push(event.message));
    const before = customElements.get('store-rank-checker');
    await import('/dist/widgets/kasuwa-widgets.js?second-copy');
    for (let i = 0; i < 2; i += 1) {
      const script = document.createElement('script');
      script.src = `/dist/widgets/kasuwa-widgets.iife.js?copy=${i}`;
      await new Promise((resolve, reject) => {
        script.onload = resolve;
        script.onerror = reject;
        document.head.append(script);
      });
    }
    expect(errors).to.deep.equal([]);
    expect(customElements.get('store-rank-checker')).to.equal(before);
    expect(customElements.get('pricing-plans')).to.not.equal(undefined);
  });
});
