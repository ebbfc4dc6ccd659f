/**
 * What the loader gives a page before any widget is defined: reserved sizes for undefined tags, and
 * the exports a framework can call at any time. A fresh page, so no tag is defined at the start.
 */
import { expect } from '@esm-bundle/chai';
import { byRole, find, fixture, importLoader, queryByRole, reservedHeight, until } from '../testing/browser/browser.js';
import { hostSizes, type WidgetTag } from './registry.js';

const { openStartSelling, ready } = await importLoader();

type Modal = HTMLElement & { close(): void };

describe('kasuwa-widgets.js exports and reserved sizes', () => {
  it('given tags that are not defined yet should give them their reserved size already, in the page type for an em size', () => {
    const tags = Object.keys(hostSizes) as WidgetTag[];
    for (const fontSize of ['16px', '22px']) {
      const container = fixture(
        `<div style="font-size: ${fontSize}">${tags.map((tag) => `<${tag}></${tag}>`).join('')}</div>`,
      );
      // Measured in the same task as the insertion: no widget code can have run yet.
      const heights = tags.map((tag) => find(container, tag).getBoundingClientRect().height);
      expect(tags.map((tag) => customElements.get(tag))).to.deep.equal(tags.map(() => undefined));
      expect(heights, fontSize).to.deep.equal(tags.map((tag) => reservedHeight(hostSizes[tag], find(container, tag))));
    }
  });

  it('given a page sizes a tag itself should keep the page size over the reserved one', () => {
    const container = fixture('<store-rank-checker style="min-height: 200px"></store-rank-checker>');
    expect(find(container, 'store-rank-checker').getBoundingClientRect().height).to.equal(200);
  });

  it('given openStartSelling() before the modal is defined should load it and open its dialog', async () => {
    const container = fixture('<button type="button">Open</button>');
    await openStartSelling(byRole(container, 'button', 'Open'));
    const modal = find<Modal>(document, 'start-selling-modal');
    const dialog = await until(
      () => modal.shadowRoot && queryByRole(modal.shadowRoot, 'dialog', 'Start Selling with Ease!'),
      'the open dialog',
    );
    expect(dialog.textContent).to.contain('Start Selling with Ease!');
    modal.close();
    await until(() => modal.shadowRoot && !queryByRole(modal.shadowRoot, 'dialog'), 'closed');
    // openStartSelling() made this modal for the page; it is not part of any fixture.
    modal.remove();
  });

  it('given ready(tag) for a tag not on the page should load and define it', async () => {
    const Plans = await ready('pricing-plans');
    expect(Plans).to.equal(customElements.get('pricing-plans'));
  });
});
