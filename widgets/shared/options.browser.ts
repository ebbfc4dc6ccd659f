/**
 * Options are live, as frameworks need: an attribute or property changed after mount takes effect, a
 * removed attribute returns to its default, and the partner code is read from `partner` (or the old
 * `ref` on plain pages). Against the built bundle and the fake /graphql (testing/browser/fake-graphql.ts).
 */
import { expect } from '@esm-bundle/chai';
import {
  accessibleName,
  byRole,
  byText,
  fixture,
  importLoader,
  mount,
  nextEvent,
  queryByRole,
  takeRequests,
  type,
  until,
  type WidgetElement,
} from '../../testing/browser/browser.js';

const { ready } = await importLoader();

/** The submit button of each form widget. */
const SUBMIT: Record<string, string> = { 'store-rank-checker': 'Check my rank', 'start-selling-form': 'Start Selling' };
const RANK_EVENTS = ['store-rank-result', 'store-rank-error'];
const SIGNUP_EVENTS = ['start-selling-success', 'start-selling-error'];

/** Fills the widget's one field, submits, and resolves with the first of `events` it fires. */
async function submit(element: HTMLElement, root: ShadowRoot, value: string, events: string[]) {
  const fired = nextEvent(element, events);
  // After an answer the button may still say Sending… or Checking… for a moment.
  const name = SUBMIT[element.localName] ?? '';
  const button = await until(() => queryByRole<HTMLButtonElement>(root, 'button', name), `the ${name} button`);
  // The one text field a reader reaches (the signup form's honeypot is hidden from them).
  type(byRole<HTMLInputElement>(root, 'textbox'), value);
  await until(() => !button.disabled, 'submit enabled');
  button.click();
  return fired;
}

/** The name of the pressed billing period toggle (Monthly, Annual…). */
const pressed = (root: ShadowRoot) => accessibleName(byRole(root, 'button', { pressed: true }));
const firstPrice = (root: ShadowRoot) =>
  byText(byRole(root, 'listitem', 'Free, 1 of 4'), /^₦[\d,]+\/(year|month)$/).textContent;

const mountPlans = (attributes: string) =>
  mount(`<pricing-plans ${attributes}></pricing-plans>`, 'pricing-plans', {
    role: 'button',
    name: 'Get Started with Pro',
  });

/** How a host changes the period, in order, and the toggle pressed after each. */
const PERIOD_CHANGES: [string, (element: WidgetElement) => void, string][] = [
  ['the attribute set to monthly', (element) => element.setAttribute('period', 'monthly'), 'Monthly'],
  [
    'the property set to annual',
    (element) => {
      element.period = 'annual';
    },
    'Annual',
  ],
  ['the attribute set to monthly again', (element) => element.setAttribute('period', 'monthly'), 'Monthly'],
  ['the attribute removed', (element) => element.removeAttribute('period'), 'Annual'],
];

/** Mounts annual plans and makes the first `count` period changes, each once the toggle followed the one before. */
async function periodChanged(count: number) {
  const { element, root } = await mountPlans('period="annual"');
  const changes: Event[] = [];
  element.addEventListener('pricing-period-change', (event) => changes.push(event));
  for (const [what, change, toggle] of PERIOD_CHANGES.slice(0, count)) {
    change(element);
    await until(() => pressed(root).startsWith(toggle), `${toggle} pressed after ${what}`);
  }
  return { element, root, changes };
}

describe('live options', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given the period attribute changes after mount should switch the cards', async () => {
    const { root } = await periodChanged(1);
    expect(pressed(root)).to.match(/^Monthly/);
    expect(firstPrice(root)).to.contain('/month');
  });

  it('given the period property is set after mount should switch the cards', async () => {
    const { root } = await periodChanged(2);
    expect(pressed(root)).to.match(/^Annual/);
  });

  it('given the period attribute is set after the property should follow the attribute', async () => {
    const { root } = await periodChanged(3);
    expect(pressed(root)).to.match(/^Monthly/);
  });

  it('given the period attribute is removed should go back to the default, annual', async () => {
    const { root } = await periodChanged(4);
    expect(pressed(root)).to.match(/^Annual/);
    expect(firstPrice(root)).to.contain('/year');
  });

  it('given the period changes by attribute or property should not fire pricing-period-change', async () => {
    const { changes } = await periodChanged(PERIOD_CHANGES.length);
    expect(changes).to.have.length(0);
  });

  it('given label is set, then changed by property, should name the carousel by it', async () => {
    const { element, root } = await mountPlans('label="Plans for shops"');
    const name = () => accessibleName(byRole(root, 'region'));
    expect(name()).to.equal('Plans for shops');
    element.label = 'Plans for schools';
    await until(() => name() === 'Plans for schools', 'the new label');
  });

  it('given label is removed should use the default name', async () => {
    const { element, root } = await mountPlans('label="Plans for shops"');
    element.removeAttribute('label');
    await until(() => queryByRole(root, 'region', 'Plans'), 'the default label');
  });

  it('given apiUrl is set as a property should reflect it to the api-url attribute', async () => {
    const { element } = await mount(
      '<store-rank-checker api-url="/nowhere/graphql"></store-rank-checker>',
      'store-rank-checker',
      { role: 'textbox', name: 'Store domain' },
    );
    element.apiUrl = '/graphql';
    expect(element.getAttribute('api-url')).to.equal('/graphql');
  });

  it('given api-url changes after mount should send the next request to the new address', async () => {
    const { element, root } = await mount(
      '<store-rank-checker api-url="/nowhere/graphql"></store-rank-checker>',
      'store-rank-checker',
      { role: 'textbox', name: 'Store domain' },
    );
    const failed = await submit(element, root, 'adaeze-fabrics', RANK_EVENTS);
    expect(failed.type).to.equal('store-rank-error');
    element.apiUrl = '/graphql';
    const answered = await submit(element, root, 'adaeze-fabrics', RANK_EVENTS);
    expect(answered.type).to.equal('store-rank-result');
    expect(answered.detail.name).to.equal('Adaeze Fabrics');
  });

  it('given api-url is removed should fall back to the script origin + /graphql', async () => {
    const { element, root } = await mount(
      '<start-selling-form api-url="/nowhere/graphql"></start-selling-form>',
      'start-selling-form',
      { role: 'textbox', name: 'Email address' },
    );
    const failed = await submit(element, root, 'ada@example.com', SIGNUP_EVENTS);
    expect(failed.type).to.equal('start-selling-error');
    element.removeAttribute('api-url');
    const sent = await submit(element, root, 'ada@example.com', SIGNUP_EVENTS);
    expect(sent.type).to.equal('start-selling-success');
  });

  describe('the partner code', () => {
    const mountForm = () =>
      mount('<start-selling-form api-url="/graphql"></start-selling-form>', 'start-selling-form', {
        role: 'textbox',
        name: 'Email address',
      });
    const partnersSent = async () =>
      (await takeRequests()).map((request) => (request.variables?.data as { partner?: string } | undefined)?.partner);

    it('given partner is set as a property after mount should be sent', async () => {
      const { element, root } = await mountForm();
      element.partner = 'react-shop';
      await submit(element, root, 'bola@example.com', SIGNUP_EVENTS);
      expect(await partnersSent()).to.deep.equal(['react-shop']);
    });

    it('given partner is removed and only the old ref attribute is left should send the ref', async () => {
      const { element, root } = await mountForm();
      element.partner = 'react-shop';
      element.removeAttribute('partner');
      element.setAttribute('ref', 'old-blog');
      await submit(element, root, 'chidi@example.com', SIGNUP_EVENTS);
      expect(await partnersSent()).to.deep.equal(['old-blog']);
    });
  });

  it('given a property set before the tag is defined should apply it once defined', async () => {
    const element = document.createElement('pricing-plans-late') as WidgetElement;
    // Stand in for a framework: a property on an element whose class is not there yet.
    element.period = 'monthly';
    fixture('').append(element);
    const PricingPlans = await ready('pricing-plans');
    customElements.define('pricing-plans-late', class extends PricingPlans {});
    const root = await until(
      () =>
        element.shadowRoot && queryByRole(element.shadowRoot, 'button', 'Get Started with Pro') && element.shadowRoot,
      'the cards',
    );
    await until(() => pressed(root).startsWith('Monthly'), 'monthly from the early property');
  });
});
