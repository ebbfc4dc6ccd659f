/**
 * What a reader on a slow phone gets from the loader as built: no widget code before it is needed, no
 * API client before intent, and nothing lost on the way. A fresh page: no tag is defined at the start,
 * and each test takes a tag no earlier test has defined (definitions last for the page). The first
 * file to run (by name), so no earlier page has the chunks it holds in the browser's cache.
 */
import { expect } from '@esm-bundle/chai';
import {
  byLabel,
  byRole,
  chunksRequested,
  find,
  fixture,
  holdChunks,
  importLoader,
  mount,
  queryByLabel,
  queryByRole,
  releaseChunks,
  takeRequests,
  type,
  until,
} from '../testing/browser/browser.js';
import { idleMoment } from '../testing/browser/commands.js';
import { CHECKER_WITH_FALLBACK } from './store-rank-checker/rank-checker.test-support.js';

const { ready } = await importLoader();

/** Resolves once the browser has delivered an intersection update for `element` (whatever it says). */
const intersectionDelivered = (element: Element) =>
  new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(element);
  });

const FAR_BELOW = '<div style="height: 6000px"></div>';

describe('loading on a slow phone', () => {
  it('given a tag asked for should request every file of its code at once, not one level of imports per round trip', async () => {
    await chunksRequested();
    await holdChunks('runtime-react');
    const defined = ready('start-selling-form');
    try {
      // React's file is held: the files that import it are asked for anyway, without waiting for it.
      await until(
        async () => (await chunksRequested()).includes('start-selling-form.define'),
        "the form's define file requested while React's is held",
      );
      expect(customElements.get('start-selling-form')).to.equal(undefined);
    } finally {
      expect(await releaseChunks()).to.be.greaterThan(0);
    }
    await defined;
  });

  it('given a submit before the API client has arrived should show it pending, then send it once and succeed', async () => {
    await ready('start-selling-form');
    const { root } = await mount('<start-selling-form api-url="/graphql"></start-selling-form>', 'start-selling-form', {
      role: 'textbox',
      name: 'Email address',
    });
    await chunksRequested();
    await takeRequests();
    // Nothing in the page touched a form yet: no API client.
    const apiClientLoaded = () =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api-client-'));
    expect(apiClientLoaded()).to.equal(false);
    await holdChunks('api-client');
    const input = byLabel(root, 'Email address');
    const button = byRole<HTMLButtonElement>(root, 'button', 'Start Selling');
    type(input, 'early@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => button.getAttribute('aria-busy') === 'true', 'the pending state');
    // Focus was intent: the client was asked for, and is held; nothing was sent yet.
    expect(await chunksRequested()).to.include('api-client');
    expect(await takeRequests()).to.deep.equal([]);
    expect(await releaseChunks()).to.equal(1);
    await until(() => byRole(root, 'status').textContent?.includes('Success'), 'the success toast');
    const sent = await takeRequests();
    expect(sent.map((request) => request.variables?.data)).to.deep.equal([
      {
        email: 'early@example.com',
        website: null,
        locale: 'en',
        source: `${location.host}${location.pathname}`,
        partner: null,
        campaign: null,
      },
    ]);
  });

  it('given a widget 6,000 px below the fold should load no code until the reader scrolls near it', async () => {
    await chunksRequested();
    const container = fixture(`${FAR_BELOW}<pricing-plans><p>Plans</p></pricing-plans>`);
    const plans = find(container, 'pricing-plans');
    await intersectionDelivered(plans);
    // An idle moment too: nothing is loaded just because the page has nothing else to do.
    await idleMoment();
    expect(customElements.get('pricing-plans')).to.equal(undefined);
    expect(await chunksRequested()).to.deep.equal([]);
    // One screen above it: inside the loader's margin of a viewport's height.
    const top = plans.getBoundingClientRect().top + scrollY;
    scrollTo(0, top - innerHeight * 1.5);
    try {
      await until(() => customElements.get('pricing-plans'), '<pricing-plans> defined once near');
      expect(await chunksRequested()).to.include('pricing-plans.define');
    } finally {
      scrollTo(0, 0);
    }
  });

  it('given text typed into a fallback form should keep it, the focus and the caret when the widget takes over', async () => {
    const container = fixture(`${FAR_BELOW}${CHECKER_WITH_FALLBACK}`);
    const checker = find(container, 'store-rank-checker');
    const fallbackInput = byLabel(checker, 'Store domain');
    await intersectionDelivered(checker);
    expect(customElements.get('store-rank-checker')).to.equal(undefined);
    // Focus in the fallback is what loads it here (the element is far off screen).
    fallbackInput.focus({ preventScroll: true });
    fallbackInput.value = 'adaeze-fabrics';
    fallbackInput.setSelectionRange(6, 6);
    const root = await until(
      () => checker.shadowRoot && queryByLabel(checker.shadowRoot, 'Store domain') && checker.shadowRoot,
      'the widget',
    );
    const input = byLabel(root, 'Store domain');
    expect(input.value).to.equal('adaeze-fabrics');
    await until(() => root.activeElement === input, 'focus in the widget field');
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([6, 6]);
    expect(byRole<HTMLButtonElement>(root, 'button', 'Check my rank').disabled).to.equal(false);
  });

  it('given show() on a modal whose code has not come yet should load it and open its dialog', async () => {
    const container = fixture('<button type="button">Open</button><start-selling-modal></start-selling-modal>');
    const opener = byRole(container, 'button', 'Open');
    // The loader answers for the element once it sees it (a mutation record, so after this microtask).
    await Promise.resolve();
    const modal = find<HTMLElement & { show(opener?: HTMLElement): unknown; close(): void }>(
      container,
      'start-selling-modal',
    );
    expect(customElements.get('start-selling-modal')).to.equal(undefined);
    await modal.show(opener);
    const dialog = await until(
      () => modal.shadowRoot && queryByRole(modal.shadowRoot, 'dialog', 'Start Selling with Ease!'),
      'the open dialog',
    );
    expect(dialog.textContent).to.contain('Start Selling with Ease!');
    modal.close();
    await until(() => modal.shadowRoot && !queryByRole(modal.shadowRoot, 'dialog'), 'closed');
    await until(() => document.activeElement === opener, 'focus back on the opener');
  });
});
