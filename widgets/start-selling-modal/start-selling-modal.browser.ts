/** <start-selling-modal> as built, in Chromium: opened by [data-start-selling], Get Started and show(). */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { find, findAll, fixture, importLoader, type, until } from '../test-support/browser.js';

await importLoader();

type Modal = HTMLElement & {
  open: boolean;
  show(opener?: HTMLElement | null): Promise<void>;
  hide(): Promise<void>;
  close(): void;
};

/** The page's modal (the fixture's, or the one the loader created on demand). */
const modalRoot = () => find<Modal>(document, 'start-selling-modal').shadowRoot as ShadowRoot;
const modalDialog = () =>
  until(
    () => document.querySelector('start-selling-modal')?.shadowRoot?.querySelector<HTMLDialogElement>('dialog[open]'),
    'the open modal',
  );
const focusedInModal = () => modalRoot().activeElement as HTMLInputElement | null;

describe('<start-selling-modal>', () => {
  afterEach(() => {
    // A modal created on demand sits outside the fixture.
    for (const modal of findAll(document, 'start-selling-modal')) modal.remove();
  });

  it('given a page without a modal should create one when a [data-start-selling] link is clicked, without navigating', async () => {
    const link = find(fixture('<a href="#signup" data-start-selling>Start Selling</a>'), 'a');
    link.focus();
    link.click();
    const dialog = await modalDialog();
    expect(location.hash).to.equal('');
    expect(findAll(document, 'start-selling-modal').length).to.equal(1);
    const title = modalRoot().getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).to.equal('Start Selling with Ease!');
    expect(modalRoot().getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).to.equal(
      'Enter your email to receive a download link and step-by-step instructions to set up your store and start selling today.',
    );
    await until(() => focusedInModal()?.type === 'email', 'focus on the e-mail field');
  });

  it('given a [data-start-selling] link inserted later should be announced as a button and open the modal on Space', async () => {
    const link = find(fixture('<a href="#signup" data-start-selling>Start Selling</a>'), 'a');
    await until(() => link.getAttribute('role') === 'button', 'role="button"');
    link.focus();
    await sendKeys({ press: 'Space' });
    await modalDialog();
    expect(location.hash).to.equal('');
  });

  it('given the modal is open should wrap Tab, close on Esc and return focus to the opener', async () => {
    const container = fixture(
      '<button type="button" data-start-selling>Open</button><start-selling-modal api-url="/graphql"></start-selling-modal>',
    );
    const opener = find(container, 'button');
    opener.focus();
    opener.click();
    const dialog = await modalDialog();
    await until(() => focusedInModal()?.type === 'email', 'focus in');
    // Fields: close button, e-mail; submit is disabled while empty, the honeypot is out of the tab order.
    await sendKeys({ press: 'Tab' });
    expect(focusedInModal()?.getAttribute('aria-label')).to.equal('Close');
    await sendKeys({ press: 'Tab' });
    expect(focusedInModal()?.type).to.equal('email');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(focusedInModal()?.type).to.equal('email');
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog.open, 'closed');
    await until(() => document.activeElement === opener, 'focus back on the opener');
  });

  it('given show() and hide() should settle once the dialog is open or closed, say so in events and reflect open', async () => {
    const modal = find<Modal>(
      fixture('<start-selling-modal api-url="/graphql"></start-selling-modal>'),
      'start-selling-modal',
    );
    const events: string[] = [];
    for (const name of ['start-selling-show', 'start-selling-hide'])
      modal.addEventListener(name, () => events.push(name));
    await modal.show();
    expect(modalRoot().querySelector('dialog')?.open, 'dialog open when show() settles').to.equal(true);
    expect([modal.open, modal.hasAttribute('open'), events]).to.deep.equal([true, true, ['start-selling-show']]);
    await modal.hide();
    expect(modalRoot().querySelector('dialog')?.open, 'dialog closed when hide() settles').to.equal(false);
    expect([modal.open, modal.hasAttribute('open'), events]).to.deep.equal([
      false,
      false,
      ['start-selling-show', 'start-selling-hide'],
    ]);
  });

  it('given the open attribute or property is set should open and close the dialog', async () => {
    const modal = find<Modal>(
      fixture('<start-selling-modal api-url="/graphql"></start-selling-modal>'),
      'start-selling-modal',
    );
    modal.setAttribute('open', '');
    await modalDialog();
    modal.open = false;
    await until(() => !modalRoot().querySelector('dialog[open]'), 'the dialog closed');
    expect(modal.hasAttribute('open')).to.equal(false);
  });

  it('given the reader closes the dialog with Esc should drop the open attribute and say start-selling-hide', async () => {
    const modal = find<Modal>(
      fixture('<start-selling-modal api-url="/graphql"></start-selling-modal>'),
      'start-selling-modal',
    );
    await modal.show();
    const hidden = new Promise((resolve) => modal.addEventListener('start-selling-hide', resolve, { once: true }));
    await sendKeys({ press: 'Escape' });
    await hidden;
    expect([modal.open, modal.hasAttribute('open')]).to.deep.equal([false, false]);
  });

  it('given the close button is pressed should close', async () => {
    const modal = find<Modal>(
      fixture('<start-selling-modal api-url="/graphql"></start-selling-modal>'),
      'start-selling-modal',
    );
    await customElements.whenDefined('start-selling-modal');
    modal.show();
    const dialog = await modalDialog();
    find(modalRoot(), 'button[aria-label="Close"]').click();
    await until(() => !dialog.open, 'closed');
  });

  it('given a signup succeeds in the modal should close it and show the Success toast', async () => {
    const modal = find<Modal>(
      fixture('<start-selling-modal api-url="/graphql" ref="modal-test"></start-selling-modal>'),
      'start-selling-modal',
    );
    await customElements.whenDefined('start-selling-modal');
    let success = false;
    modal.addEventListener('start-selling-success', () => {
      success = true;
    });
    modal.show();
    const dialog = await modalDialog();
    const input = find<HTMLInputElement>(dialog, 'input[type="email"]');
    const submit = find<HTMLButtonElement>(dialog, 'button[type="submit"]');
    type(input, 'modal@example.com');
    await until(() => !submit.disabled, 'submit enabled');
    submit.click();
    await until(() => !dialog.open, 'closed on success');
    const toast = await until(() => modalRoot().querySelector('.toast'), 'the toast');
    expect(toast.textContent).to.equal('SuccessKindly check your email');
    expect(success).to.equal(true);
  });

  it('given pricing Get Started is pressed should open the modal and emit pricing-plan-select', async () => {
    const pricing = find(fixture('<pricing-plans></pricing-plans>'), 'pricing-plans');
    await customElements.whenDefined('pricing-plans');
    const selected: unknown[] = [];
    pricing.addEventListener('pricing-plan-select', (event) => selected.push((event as CustomEvent).detail));
    const button = await until(
      () => pricing.shadowRoot?.querySelector<HTMLButtonElement>('button[aria-label="Get Started with Pro"]'),
      'Get Started',
    );
    button.focus();
    button.click();
    await modalDialog();
    expect(selected).to.deep.equal([{ plan: 'pro', period: 'annual' }]);
    await sendKeys({ press: 'Escape' });
    await until(() => pricing.shadowRoot?.activeElement === button, 'focus back on Get Started');
  });
});
