/** A page that writes <start-selling-modal open>: the loader loads the modal's code at once and it opens. */
import { expect } from '@esm-bundle/chai';
import { find, fixture, importLoader, until } from '../test-support/browser.js';

it('given a modal written with the open attribute should load its code at once and open, then close when the attribute goes', async () => {
  expect(customElements.get('start-selling-modal')).to.equal(undefined);
  const modal = find(
    fixture('<start-selling-modal open api-url="/graphql"></start-selling-modal>'),
    'start-selling-modal',
  );
  await importLoader();
  const dialog = await until(() => modal.shadowRoot?.querySelector('dialog[open]'), 'the open dialog');
  expect(dialog.textContent).to.contain('Start Selling with Ease!');
  modal.removeAttribute('open');
  await until(() => !modal.shadowRoot?.querySelector('dialog[open]'), 'the dialog closed');
});
