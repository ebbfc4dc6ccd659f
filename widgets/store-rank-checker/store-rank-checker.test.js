/** <store-rank-checker> as built, in Chromium, against the fake /graphql of web-test-runner.config.mjs. */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '/dist/widgets/kasuwa-widgets.js';
import { type, until } from '../shared/test-helpers.js';

async function mount() {
  document.body.innerHTML = '<store-rank-checker api-url="/graphql"><p>fallback</p></store-rank-checker>';
  const element = document.querySelector('store-rank-checker');
  await customElements.whenDefined('store-rank-checker');
  const root = await until(() => element.shadowRoot?.querySelector('form') && element.shadowRoot, 'the form');
  const input = root.querySelector('input');
  const label = root.querySelector(`label[for="${input.id}"]`);
  const button = root.querySelector('button[type="submit"]');
  return { element, root, input, label, button };
}

async function lookUp(domain) {
  const parts = await mount();
  const events = [];
  for (const name of ['store-rank-result', 'store-rank-error']) {
    parts.element.addEventListener(name, (event) => events.push(event));
  }
  type(parts.input, domain);
  await until(() => !parts.button.disabled, 'submit enabled');
  parts.button.click();
  return { ...parts, events };
}

const openDialog = (root) => until(() => root.querySelector('dialog[open]'), 'the leaderboard dialog');
const takeRequests = async () => (await fetch('/__requests')).json();

describe('<store-rank-checker>', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given the page loads should show a labelled domain field and a disabled submit', async () => {
    const { label, button, input } = await mount();
    expect(label.textContent).to.equal('Store domain');
    expect(input.getAttribute('aria-describedby')).to.be.a('string');
    expect(button.textContent).to.equal('Check my rank');
    expect(button.disabled).to.equal(true);
  });

  it('given the field is left empty should say Required', async () => {
    const { root, input, button } = await mount();
    input.focus();
    input.blur();
    const message = () => root.getElementById(input.getAttribute('aria-describedby')).textContent;
    await until(() => message() === 'Required', 'Required');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(button.disabled).to.equal(true);
  });

  it('given a slow answer should show the loading state with submit disabled', async () => {
    const { button } = await lookUp('slow-store');
    await until(() => button.getAttribute('aria-busy') === 'true', 'loading');
    expect(button.disabled).to.equal(true);
    expect(button.textContent).to.contain('Checking');
  });

  it('given a known domain should send it and open the leaderboard with the store, cards, progress and goal', async () => {
    const { root, events } = await lookUp('adaeze-fabrics');
    const dialog = await openDialog(root);
    const [request] = await takeRequests();
    expect(request.variables).to.deep.equal({ query: { domain: 'adaeze-fabrics' } });
    expect(dialog.querySelector('.store-name').textContent).to.equal('Adaeze Fabrics');
    expect(dialog.querySelector('.avatar').textContent).to.equal('AF');
    expect(dialog.querySelector('.rank').textContent).to.equal('Rank 3');
    const cards = [...dialog.querySelectorAll('.card')].map((card) => card.textContent);
    expect(cards).to.deep.equal(['Your Revenue₦1.5M', "Winner's Revenue₦2M"]);
    const bar = dialog.querySelector('[role="progressbar"]');
    expect(bar.getAttribute('aria-valuenow')).to.equal('75');
    const fill = bar.firstElementChild.getBoundingClientRect().width / bar.getBoundingClientRect().width;
    expect(fill).to.be.closeTo(0.75, 0.01);
    expect(dialog.textContent).to.contain('You started here.');
    expect(dialog.textContent).to.contain('Your goal is here.');
    expect(dialog.textContent).to.contain('Sell over ₦500,000 more to win');
    expect(events.map((event) => event.type)).to.deep.equal(['store-rank-result']);
    expect(events[0].detail.rank).to.equal(3);
    expect(events[0].bubbles && events[0].composed).to.equal(true);
  });

  it('given a store with a logo should show the logo instead of initials', async () => {
    const { root } = await lookUp('with-logo');
    const dialog = await openDialog(root);
    expect(dialog.querySelector('img').src).to.match(/^data:image\/svg\+xml/);
    expect(dialog.textContent).to.not.contain('AF');
  });

  it('given no name, rank or revenue should show an empty name, N/A, the brand initials and an empty bar', async () => {
    const { root } = await lookUp('no-logo');
    const dialog = await openDialog(root);
    expect(dialog.querySelector('.store-name').textContent).to.equal('');
    expect(dialog.querySelector('.rank').textContent).to.equal('Rank N/A');
    expect(dialog.querySelector('.avatar').textContent).to.equal('KS');
    const bar = dialog.querySelector('[role="progressbar"]');
    expect(bar.getAttribute('aria-valuenow')).to.equal('0');
    expect(bar.firstElementChild.getBoundingClientRect().width).to.equal(0);
  });

  it('given an unknown domain should show the Error toast bottom-right with the message and emit store-rank-error', async () => {
    const { root, events } = await lookUp('missing');
    const toast = await until(() => root.querySelector('.toast'), 'the toast');
    expect(toast.closest('[role="status"]').dataset.placement).to.equal('bottom-right');
    expect(toast.textContent).to.equal('ErrorWe could not find a store with that domain.');
    expect(root.querySelector('dialog[open]')).to.equal(null);
    await until(() => events.length === 1, 'the event');
    expect(events[0].type).to.equal('store-rank-error');
    expect(events[0].detail).to.deep.equal({
      code: 'STORE_NOT_FOUND',
      message: 'We could not find a store with that domain.',
    });
  });

  it('given the dialog is open should keep Tab inside, close on Esc and return focus to the submit button', async () => {
    const { root, button } = await lookUp('adaeze-fabrics');
    const dialog = await openDialog(root);
    const close = dialog.querySelector('button');
    expect(close.getAttribute('aria-label')).to.equal('Close');
    await until(() => dialog.contains(root.activeElement), 'focus inside the dialog');
    for (let i = 0; i < 3; i += 1) {
      await sendKeys({ press: 'Tab' });
      expect(dialog.contains(root.activeElement)).to.equal(true);
    }
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog.open, 'closed');
    await until(() => root.activeElement === button, 'focus back on the submit button');
  });
});
