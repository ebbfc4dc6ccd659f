/** A page that writes <start-selling-modal open>: the loader loads the modal's code at once and it opens. */
import { expect } from '@esm-bundle/chai';
import { find, fixture, importLoader, queryByRole, until } from '../../testing/browser/browser.js';

/** The open dialog of `modal`, once there is one. */
const openDialog = (modal: HTMLElement) =>
  until(
    () => modal.shadowRoot && queryByRole(modal.shadowRoot, 'dialog', 'Start Selling with Ease!'),
    'the open dialog',
  );

// First: the page is fresh, so the modal's code is not there before the loader comes.
it('given a modal written with the open attribute should load its code at once and open', async () => {
  expect(customElements.get('start-selling-modal')).to.equal(undefined);
  const modal = find(
    fixture('<start-selling-modal open api-url="/graphql"></start-selling-modal>'),
    'start-selling-modal',
  );
  await importLoader();
  const dialog = await openDialog(modal);
  expect(dialog.textContent).to.contain('Start Selling with Ease!');
});

it('given a modal written with the open attribute should close when the attribute goes', async () => {
  const modal = find(
    fixture('<start-selling-modal open api-url="/graphql"></start-selling-modal>'),
    'start-selling-modal',
  );
  await importLoader();
  await openDialog(modal);
  modal.removeAttribute('open');
  await until(() => modal.shadowRoot && !queryByRole(modal.shadowRoot, 'dialog'), 'the dialog closed');
});
