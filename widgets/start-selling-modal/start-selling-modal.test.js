/** <start-selling-modal> as built, in Chromium: opened by [data-start-selling], Get Started and show(). */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '/dist/widgets/kasuwa-widgets.js';
import { type, until } from '../shared/test-helpers.js';

const modalDialog = () =>
  until(
    () => document.querySelector('start-selling-modal')?.shadowRoot?.querySelector('dialog[open]'),
    'the open modal',
  );
const modalRoot = () => document.querySelector('start-selling-modal').shadowRoot;

describe('<start-selling-modal>', () => {
  afterEach(() => {
    for (const modal of document.querySelectorAll('start-selling-modal')) modal.remove();
  });

  it('given a page without a modal should create one when a [data-start-selling] link is clicked, without navigating', async () => {
    document.body.innerHTML = '<a href="#signup" data-start-selling>Start Selling</a>';
    const link = document.querySelector('a');
    link.focus();
    link.click();
    const dialog = await modalDialog();
    expect(location.hash).to.equal('');
    expect(document.querySelectorAll('start-selling-modal').length).to.equal(1);
    const title = modalRoot().getElementById(dialog.getAttribute('aria-labelledby'));
    expect(title.textContent).to.equal('Start Selling with Ease!');
    expect(modalRoot().getElementById(dialog.getAttribute('aria-describedby')).textContent).to.equal(
      'Enter your email to receive a download link and step-by-step instructions to set up your store and start selling today.',
    );
    await until(() => modalRoot().activeElement?.type === 'email', 'focus on the e-mail field');
  });

  it('given the modal is open should wrap Tab, close on Esc and return focus to the opener', async () => {
    document.body.innerHTML =
      '<button type="button" data-start-selling>Open</button><start-selling-modal api-url="/graphql"></start-selling-modal>';
    const opener = document.querySelector('button');
    opener.focus();
    opener.click();
    const dialog = await modalDialog();
    const root = modalRoot();
    await until(() => root.activeElement?.type === 'email', 'focus in');
    // Fields: close button, e-mail; submit is disabled while empty, the honeypot is out of the tab order.
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement.getAttribute('aria-label')).to.equal('Close');
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement.type).to.equal('email');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(root.activeElement.type).to.equal('email');
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog.open, 'closed');
    await until(() => document.activeElement === opener, 'focus back on the opener');
  });

  it('given the close button is pressed should close', async () => {
    document.body.innerHTML = '<start-selling-modal api-url="/graphql"></start-selling-modal>';
    const modal = document.querySelector('start-selling-modal');
    await customElements.whenDefined('start-selling-modal');
    modal.show();
    const dialog = await modalDialog();
    modalRoot().querySelector('button[aria-label="Close"]').click();
    await until(() => !dialog.open, 'closed');
  });

  it('given a signup succeeds in the modal should close it and show the Success toast', async () => {
    document.body.innerHTML = '<start-selling-modal api-url="/graphql" ref="modal-test"></start-selling-modal>';
    const modal = document.querySelector('start-selling-modal');
    await customElements.whenDefined('start-selling-modal');
    let success = false;
    modal.addEventListener('start-selling-success', () => {
      success = true;
    });
    modal.show();
    const dialog = await modalDialog();
    const input = dialog.querySelector('input[type="email"]');
    const submit = dialog.querySelector('button[type="submit"]');
    type(input, 'modal@example.com');
    await until(() => !submit.disabled, 'submit enabled');
    submit.click();
    await until(() => !dialog.open, 'closed on success');
    const toast = await until(() => modalRoot().querySelector('.toast'), 'the toast');
    expect(toast.textContent).to.equal('SuccessKindly check your email');
    expect(success).to.equal(true);
  });

  it('given pricing Get Started is pressed should open the modal and emit pricing-plan-select', async () => {
    document.body.innerHTML = '<pricing-plans></pricing-plans>';
    const pricing = document.querySelector('pricing-plans');
    await customElements.whenDefined('pricing-plans');
    const selected = [];
    pricing.addEventListener('pricing-plan-select', (event) => selected.push(event.detail));
    const button = await until(
      () => pricing.shadowRoot?.querySelector('button[aria-label="Get Started with Pro"]'),
      'Get Started',
    );
    button.focus();
    button.click();
    await modalDialog();
    expect(selected).to.deep.equal([{ plan: 'pro', period: 'annual' }]);
    await sendKeys({ press: 'Escape' });
    await until(() => pricing.shadowRoot.activeElement === button, 'focus back on Get Started');
  });
});
