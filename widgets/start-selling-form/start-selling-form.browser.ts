/** <start-selling-form> as built, in Chromium. Elements are found by role and label inside the shadow root. */
import { expect } from '@esm-bundle/chai';
import {
  byLabel,
  byRole,
  descriptionOf,
  importLoader,
  loadScript,
  messageOf,
  mount,
  queryByRole,
  releaseHeld,
  takeRequests,
  type,
  until,
} from '../../testing/browser/browser.js';

await importLoader();

async function mountForm(attributes = 'api-url="/graphql"') {
  const { element, root } = await mount(
    `<start-selling-form ${attributes}><p>fallback</p></start-selling-form>`,
    'start-selling-form',
    { role: 'textbox', name: 'Email address' },
  );
  const input = byLabel(root, 'Email address');
  const button = byRole<HTMLButtonElement>(root, 'button', 'Start Selling');
  return { element, root, input, button };
}

/** A signup of `email` sent from a fresh form, and the detail of the start-selling-error it fires. */
async function signupError(email: string) {
  const { element, root, input, button } = await mountForm();
  let failure: unknown = null;
  element.addEventListener('start-selling-error', (event) => {
    failure = (event as CustomEvent).detail;
  });
  type(input, email);
  await until(() => !button.disabled, 'submit enabled');
  button.click();
  await until(() => failure, 'start-selling-error');
  return { failure, root, input };
}

/** Mounts the form, types `email` and submits it. */
async function submitted(email: string, attributes?: string) {
  const parts = await mountForm(attributes);
  type(parts.input, email);
  await until(() => !parts.button.disabled, 'submit enabled');
  parts.button.click();
  return parts;
}

/** Waits until the fake /graphql has the request (a `held…` one then waits there for releaseHeld()). */
const requestArrived = () => until(async () => (await takeRequests()).length > 0, 'the request at the fake /graphql');

/** The toast region's text once it says `text` (the region is always there, empty without a toast). */
const toastSaying = (root: ShadowRoot, text: string) =>
  until(() => {
    const status = byRole(root, 'status');
    return status.textContent?.includes(text) && status;
  }, `a toast saying ${text}`);

describe('<start-selling-form>', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given the page loads should label the field Email address', async () => {
    const { input } = await mountForm();
    expect(input.labels?.[0]?.textContent).to.equal('Email address');
  });

  it('given the page loads should show the Start Selling button disabled', async () => {
    const { button } = await mountForm();
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

  it('given a valid address should send it trimmed, with source, partner, campaign and the language shown', async () => {
    const { input } = await submitted(' ada@example.com ', 'api-url="/graphql" partner="blog-42" campaign="issue-12"');
    await until(() => input.value === '', 'reset');
    const [request] = await takeRequests();
    expect(request?.variables?.data).to.deep.equal({
      email: 'ada@example.com',
      source: `${location.host}${location.pathname}`,
      partner: 'blog-42',
      campaign: 'issue-12',
      website: null,
      locale: 'en',
    });
  });

  it('given a valid address should reset the field once sent', async () => {
    const { input } = await submitted('ada@example.com');
    await until(() => input.value === '', 'reset');
  });

  it('given a valid address should show the Success toast top-right', async () => {
    const { root } = await submitted('ada@example.com');
    const toast = await toastSaying(root, 'Kindly check your email');
    expect(toast.textContent).to.contain('Success');
    expect(toast.dataset.placement).to.equal('top-right');
  });

  it('given a valid address should emit a bubbling, composed start-selling-success', async () => {
    const { element, input, button } = await mountForm();
    let success: Event | null = null;
    element.addEventListener('start-selling-success', (event) => {
      success = event;
    });
    type(input, 'ada@example.com');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    const fired = await until(() => success, 'start-selling-success');
    expect(fired.bubbles && fired.composed).to.equal(true);
  });

  it('given an answer still on its way should show Sending… with submit busy and disabled', async () => {
    const { button } = await submitted('held@example.com');
    await requestArrived();
    await until(() => button.getAttribute('aria-busy') === 'true', 'loading');
    expect(button.disabled).to.equal(true);
    expect(button.textContent).to.contain('Sending');
  });

  it('given the held answer comes should leave the loading state', async () => {
    const { button } = await submitted('held@example.com');
    await until(() => button.getAttribute('aria-busy') === 'true', 'loading');
    await requestArrived();
    expect(await releaseHeld()).to.equal(1);
    await until(() => button.getAttribute('aria-busy') === 'false', 'done');
  });

  it('given the network fails should say so under the field', async () => {
    const { root, input } = await submitted('offline@example.com');
    await until(() => messageOf(root, input).includes("We couldn't reach Kasuwa"), 'inline failure');
  });

  it('given the network fails should show no toast and keep what was typed', async () => {
    const { root, input } = await submitted('offline@example.com');
    await until(() => messageOf(root, input).includes("We couldn't reach Kasuwa"), 'inline failure');
    expect(byRole(root, 'status').textContent, 'the toast region').to.equal('');
    expect(input.value).to.equal('offline@example.com');
  });

  it('given the balancer answers 503 with no server left should say Kasuwa is busy under the field, as for UNAVAILABLE', async () => {
    const { root, input } = await submitted('balancer@example.com');
    await until(() => messageOf(root, input) === 'Kasuwa is busy. Please try again in a moment.', 'inline failure');
    expect(input.value).to.equal('balancer@example.com');
  });

  it('given the balancer answers 503 with no server left should emit start-selling-error with UNAVAILABLE', async () => {
    const { failure } = await signupError('balancer@example.com');
    expect(failure).to.deep.equal({ code: 'UNAVAILABLE' });
  });

  it("given RATE_LIMITED should show the server's message with the wait under the field, announced", async () => {
    const { root, input } = await submitted('limited@example.com');
    await until(() => messageOf(root, input) === 'Too many tries. Try again in a minute.', 'inline failure');
    expect(descriptionOf(input).getAttribute('aria-live')).to.equal('polite');
  });

  it('given the API refuses the address (BAD_USER_INPUT) should emit start-selling-error with the code', async () => {
    const { failure, root, input } = await signupError('refused@example.com');
    expect(failure).to.deep.equal({ code: 'BAD_USER_INPUT' });
    // The event is sent as the answer comes; the message under the field follows in the next render.
    await until(() => messageOf(root, input) !== '', 'the refusal under the field');
  });

  it('given RATE_LIMITED should emit start-selling-error with the code', async () => {
    const { failure } = await signupError('limited@example.com');
    expect(failure).to.deep.equal({ code: 'RATE_LIMITED' });
  });

  it('given RATE_LIMITED should show no toast', async () => {
    const { root, input } = await submitted('limited@example.com');
    await until(() => messageOf(root, input) === 'Too many tries. Try again in a minute.', 'inline failure');
    expect(byRole(root, 'status').textContent, 'the toast region').to.equal('');
  });

  it('given the hidden website field should keep it from people, assistive tech and the tab order', async () => {
    const { root } = await mountForm();
    // Found by its label: hidden from assistive tech, it has no role a role query would find.
    const honeypot = byLabel(root, 'Leave this empty');
    expect(queryByRole(root, 'textbox', 'Leave this empty'), 'not in the accessibility tree').to.equal(null);
    expect(honeypot.tabIndex).to.equal(-1);
    expect(honeypot.autocomplete).to.equal('off');
    expect(honeypot.closest('[aria-hidden="true"]')).to.not.equal(null);
    expect(honeypot.getBoundingClientRect().right).to.be.below(0);
  });

  it('given a bot fills the hidden website field should send it as website', async () => {
    const { root, input, button } = await mountForm();
    type(byLabel(root, 'Leave this empty'), 'http://spam.example');
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
