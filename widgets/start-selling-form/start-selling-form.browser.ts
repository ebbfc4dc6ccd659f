/** <start-selling-form> as built, in Chromium. Elements are found by role and label inside the shadow root. */
import { expect } from '@esm-bundle/chai';
import {
  find,
  importLoader,
  loadScript,
  messageOf,
  mount,
  releaseHeld,
  takeRequests,
  type,
  until,
} from '../test-support/browser.js';

await importLoader();

async function mountForm(attributes = 'api-url="/graphql"') {
  const { element, root } = await mount(
    `<start-selling-form ${attributes}><p>fallback</p></start-selling-form>`,
    'start-selling-form',
    'form',
  );
  const input = find<HTMLInputElement>(root, 'input[type="email"]');
  const label = find(root, `label[for="${input.id}"]`);
  const button = find<HTMLButtonElement>(root, 'button[type="submit"]');
  return { element, root, input, label, button };
}

describe('<start-selling-form>', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given the page loads should show a labelled e-mail field and a disabled submit', async () => {
    const { label, button } = await mountForm();
    expect(label.textContent).to.equal('Email address');
    expect(button.textContent).to.equal('Start Selling');
    expect(button.disabled).to.equal(true);
  });

  it('given an empty field is left should say Required', async () => {
    const { root, input } = await mountForm();
    input.focus();
    input.blur();
    await until(() => messageOf(root, input) === 'Required', 'Required');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
  });

  it('given an invalid address should say Invalid email address and keep submit disabled', async () => {
    const { root, input, button } = await mountForm();
    type(input, 'not-an-email');
    input.blur();
    await until(() => messageOf(root, input) === 'Invalid email address', 'the message');
    expect(button.disabled).to.equal(true);
  });

  it('given a valid address should send it with source and partner, reset, toast and emit success', async () => {
    const { element, root, input, button } = await mountForm('api-url="/graphql" partner="blog-42"');
    let success: Event | null = null;
    element.addEventListener('start-selling-success', (event) => {
      success = event;
    });
    type(input, ' ada@example.com ');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    const toast = await until(() => {
      const status = root.querySelector<HTMLElement>('[role="status"]');
      return status?.textContent?.includes('Kindly check your email') && status;
    }, 'toast');
    expect(toast.textContent).to.contain('Success');
    expect(toast.dataset.placement).to.equal('top-right');
    await until(() => input.value === '', 'reset');
    const fired = await until(() => success, 'start-selling-success');
    expect(fired.bubbles && fired.composed).to.equal(true);
    const [request] = await takeRequests();
    expect(request?.variables?.data).to.deep.equal({
      email: 'ada@example.com',
      source: `${location.host}${location.pathname}`,
      partner: 'blog-42',
      website: null,
    });
  });

  it('given an answer still on its way should show a loading state with submit disabled, then leave it', async () => {
    const { input, button } = await mountForm();
    type(input, 'held@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => button.getAttribute('aria-busy') === 'true', 'loading');
    expect(button.disabled).to.equal(true);
    expect(button.textContent).to.contain('Sending');
    expect(await releaseHeld()).to.equal(1);
    await until(() => button.getAttribute('aria-busy') === 'false', 'done');
  });

  it('given the network fails should say so under the field and show no toast', async () => {
    const { root, input, button } = await mountForm();
    type(input, 'offline@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => messageOf(root, input).includes("We couldn't reach Kasuwa"), 'inline failure');
    expect(root.querySelector('.toast')).to.equal(null);
    expect(input.value).to.equal('offline@example.com');
  });

  it("given RATE_LIMITED should show the server's message with the wait, tied to the field and announced", async () => {
    const { element, root, input, button } = await mountForm();
    let failure: unknown = null;
    element.addEventListener('start-selling-error', (event) => {
      failure = (event as CustomEvent).detail;
    });
    type(input, 'limited@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => messageOf(root, input) === 'Too many tries. Try again in a minute.', 'inline failure');
    const message = find(root, `#${input.getAttribute('aria-describedby')}`);
    expect(message.getAttribute('aria-live')).to.equal('polite');
    await until(() => failure, 'start-selling-error');
    expect(failure).to.deep.equal({ code: 'RATE_LIMITED' });
    expect(root.querySelector('.toast')).to.equal(null);
  });

  it('given a bot fills the hidden website field should send it as website', async () => {
    const { root, input, button } = await mountForm();
    const honeypot = find<HTMLInputElement>(root, 'input[name="website"]');
    expect(honeypot.tabIndex).to.equal(-1);
    expect(honeypot.autocomplete).to.equal('off');
    expect(honeypot.closest('[aria-hidden="true"]')).to.not.equal(null);
    expect(honeypot.getBoundingClientRect().right).to.be.below(0);
    type(honeypot, 'http://spam.example');
    type(input, 'bot@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => input.value === '', 'reset');
    const [request] = await takeRequests();
    expect(request?.variables?.data).to.have.property('website', 'http://spam.example');
  });

  it('given the script is loaded twice should throw nothing', async () => {
    const errors: string[] = [];
    window.addEventListener('error', (event) => errors.push(event.message));
    await importLoader('?again');
    await loadScript('/dist/widgets/kasuwa-widgets.iife.js');
    expect(errors).to.deep.equal([]);
  });
});
