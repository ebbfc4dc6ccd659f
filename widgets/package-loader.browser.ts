/**
 * @kasuwa/widgets as packed (dist/packages/widgets/index.js) on a page of its own: it adds our script
 * (its major's, /widgets/v1/) from the origin it is given once, ready() and openStartSelling() reach
 * the loader's, and a second origin or something that is not an origin is refused with a message that
 * says so.
 */
import { expect } from '@esm-bundle/chai';
import { byRole, find, fixture, queryByRole, until } from '../testing/browser/browser.js';

type Package = typeof import('../packages/widgets/src/index.js');
const built = '/dist/packages/widgets/index.js';
const { loadKasuwaWidgets, openStartSelling, ready } = (await import(built)) as Package;

const loaderScripts = () =>
  [...document.scripts].filter((script) => script.src === `${location.origin}/widgets/v1/kasuwa-widgets.js`);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.message,
  );

describe('@kasuwa/widgets', () => {
  it('given openStartSelling() before loadKasuwaWidgets() should refuse and say what to call first', async () => {
    expect(await refusal(openStartSelling())).to.equal('openStartSelling: call loadKasuwaWidgets({ origin }) first.');
  });

  it('given an origin with a path or without a scheme should refuse it and add no script', async () => {
    for (const origin of ['kasuwa.shop', 'https://kasuwa.shop/widgets', 'javascript:alert(1)']) {
      expect(await refusal(loadKasuwaWidgets({ origin }))).to.equal(
        `loadKasuwaWidgets: origin ${JSON.stringify(origin)} is not an http(s) origin: expected one like "https://kasuwa.shop", with no path.`,
      );
    }
    expect(loaderScripts()).to.have.length(0);
  });

  it('given two calls with the same origin should add the script once and answer the same promise', async () => {
    const first = loadKasuwaWidgets({ origin: location.origin });
    const second = loadKasuwaWidgets({ origin: `${location.origin}/` });
    expect(second).to.equal(first);
    await first;
    expect(loaderScripts()).to.have.length(1);
  });

  it('given another origin after the first should refuse it, naming both', async () => {
    expect(await refusal(loadKasuwaWidgets({ origin: 'https://other.example' }))).to.equal(
      `loadKasuwaWidgets: the widgets are already loaded from ${location.origin}; a page runs one copy, so https://other.example is refused.`,
    );
    expect(loaderScripts()).to.have.length(1);
  });

  it('given ready(tag) for a tag not on the page should load it and resolve with its class', async () => {
    expect(await ready('pricing-plans')).to.equal(customElements.get('pricing-plans'));
  });

  it('given openStartSelling(opener) should open the modal and return focus to the opener when it closes', async () => {
    const opener = byRole(fixture('<button type="button">Join</button>'), 'button', 'Join');
    opener.focus();
    await openStartSelling(opener);
    const modal = find<HTMLElement & { hide(): Promise<void> }>(document, 'start-selling-modal');
    await until(
      () => modal.shadowRoot && queryByRole(modal.shadowRoot, 'dialog', 'Start Selling with Ease!'),
      'the dialog',
    );
    await modal.hide();
    await until(() => document.activeElement === opener, 'focus back on the opener');
    modal.remove();
  });
});
