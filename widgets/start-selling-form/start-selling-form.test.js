/** <start-selling-form> as built, in Chromium. Elements are found by role and label inside the shadow root. */
import { expect } from '@esm-bundle/chai';
import '/dist/widgets/kasuwa-widgets.js';
import { type, until } from '../shared/test-helpers.js';

async function mount(attributes = 'api-url="/graphql"') {
  document.body.innerHTML = `<start-selling-form ${attributes}><p>fallback</p></start-selling-form>`;
  const element = document.querySelector('start-selling-form');
  await customElements.whenDefined('start-selling-form');
  const root = await until(() => element.shadowRoot?.querySelector('form') && element.shadowRoot, 'the form');
  const input = root.querySelector('input[type="email"]');
  const label = root.querySelector(`label[for="${input.id}"]`);
  const button = root.querySelector('button[type="submit"]');
  return { element, root, input, label, button };
}

const errorText = (root, input) => root.getElementById(input.getAttribute('aria-describedby')).textContent;
const takeRequests = async () => (await fetch('/__requests')).json();

describe('<start-selling-form>', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given the page loads should show a labelled e-mail field and a disabled submit', async () => {
    const { label, button } = await mount();
    expect(label.textContent).to.equal('Email address');
    expect(button.textContent).to.equal('Start Selling');
    expect(button.disabled).to.equal(true);
  });

  it('given an empty field is left should say Required', async () => {
    const { root, input } = await mount();
    input.focus();
    input.blur();
    await until(() => errorText(root, input) === 'Required', 'Required');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
  });

  it('given an invalid address should say Invalid email address and keep submit disabled', async () => {
    const { root, input, button } = await mount();
    type(input, 'not-an-email');
    input.blur();
    await until(() => errorText(root, input) === 'Invalid email address', 'the message');
    expect(button.disabled).to.equal(true);
  });

  it('given a valid address should send it with source and ref, reset, toast and emit success', async () => {
    const { element, root, input, button } = await mount('api-url="/graphql" ref="blog-42"');
    let success = null;
    element.addEventListener('start-selling-success', (event) => {
      success = event;
    });
    type(input, ' ada@example.com ');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => root.querySelector('[role="status"]')?.textContent.includes('Kindly check your email'), 'toast');
    const toast = root.querySelector('[role="status"]');
    expect(toast.textContent).to.contain('Success');
    expect(toast.dataset.placement).to.equal('top-right');
    await until(() => input.value === '', 'reset');
    expect(success.bubbles && success.composed).to.equal(true);
    const [request] = await takeRequests();
    expect(request.variables.data).to.deep.equal({
      email: 'ada@example.com',
      source: `${location.host}${location.pathname}`,
      ref: 'blog-42',
      website: null,
    });
  });

  it('given a slow answer should show a loading state with submit disabled', async () => {
    const { input, button } = await mount();
    type(input, 'slow@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => button.getAttribute('aria-busy') === 'true', 'loading');
    expect(button.disabled).to.equal(true);
    expect(button.textContent).to.contain('Sending');
    await until(() => button.getAttribute('aria-busy') === 'false', 'done', 3000);
  });

  it('given the network fails should say so under the field and show no toast', async () => {
    const { root, input, button } = await mount();
    type(input, 'offline@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(() => errorText(root, input).includes("We couldn't reach Kasuwa"), 'inline failure');
    expect(root.querySelector('.toast')).to.equal(null);
    expect(input.value).to.equal('offline@example.com');
  });

  it('given RATE_LIMITED should show the same inline message, tied to the field and announced', async () => {
    const { element, root, input, button } = await mount();
    let failure = null;
    element.addEventListener('start-selling-error', (event) => {
      failure = event.detail;
    });
    type(input, 'limited@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    await until(
      () => errorText(root, input) === "We couldn't reach Kasuwa. Check your connection and try again.",
      'inline failure',
    );
    const message = root.getElementById(input.getAttribute('aria-describedby'));
    expect(message.getAttribute('aria-live')).to.equal('polite');
    expect(failure).to.deep.equal({ code: 'RATE_LIMITED' });
    expect(root.querySelector('.toast')).to.equal(null);
  });

  it('given a bot fills the hidden website field should send it as website', async () => {
    const { root, input, button } = await mount();
    const honeypot = root.querySelector('input[name="website"]');
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
    expect(request.variables.data.website).to.equal('http://spam.example');
  });

  it('given the script is loaded twice should throw nothing', async () => {
    await import('/dist/widgets/kasuwa-widgets.js?again');
    const script = document.createElement('script');
    script.src = '/dist/widgets/kasuwa-widgets.iife.js';
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    const errors = [];
    window.addEventListener('error', (event) => errors.push(event.message));
    document.head.append(script);
    await loaded;
    expect(errors).to.deep.equal([]);
  });
});
