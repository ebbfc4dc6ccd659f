/**
 * Options are live, as frameworks need: an attribute or property changed after mount takes effect, a
 * removed attribute returns to its default, and the partner code is read from `partner` (or the old
 * `ref` on plain pages). Against the built bundle and the fake /graphql (widgets/test-support/fake-graphql.ts).
 */
import { expect } from '@esm-bundle/chai';
import {
  find,
  fixture,
  importLoader,
  mount,
  nextEvent,
  takeRequests,
  type,
  until,
  type WidgetElement,
} from '../test-support/browser.js';

const { ready } = await importLoader();

/** Fills the widget's one field, submits, and resolves with the first of `events` it fires. */
async function submit(element: HTMLElement, root: ShadowRoot, value: string, events: string[]) {
  const fired = nextEvent(element, events);
  const button = find<HTMLButtonElement>(root, 'button[type="submit"]');
  type(find<HTMLInputElement>(root, 'input:not([tabindex="-1"])'), value);
  await until(() => !button.disabled, 'submit enabled');
  button.click();
  return fired;
}

const pressed = (root: ShadowRoot) => find(root, '.toggle button[aria-pressed="true"]').textContent ?? '';
const firstPrice = (root: ShadowRoot) => find(root, '.plan .price').textContent;

describe('live options', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given period changes after mount should switch the cards without firing pricing-period-change', async () => {
    const { element, root } = await mount('<pricing-plans period="annual"></pricing-plans>', 'pricing-plans', '.plan');
    const changes: Event[] = [];
    element.addEventListener('pricing-period-change', (event) => changes.push(event));
    element.setAttribute('period', 'monthly');
    await until(() => pressed(root).startsWith('Monthly'), 'monthly pressed');
    expect(firstPrice(root)).to.contain('/month');
    element.period = 'annual';
    await until(() => pressed(root).startsWith('Annual'), 'annual pressed by property');
    element.setAttribute('period', 'monthly');
    await until(() => pressed(root).startsWith('Monthly'), 'monthly again');
    element.removeAttribute('period');
    await until(() => pressed(root).startsWith('Annual'), 'back to the default');
    expect(firstPrice(root)).to.contain('/year');
    expect(changes).to.have.length(0);
  });

  it('given label changes or is removed should rename the carousel, then use the default name', async () => {
    const { element, root } = await mount(
      '<pricing-plans label="Plans for shops"></pricing-plans>',
      'pricing-plans',
      '.plan',
    );
    const name = () => find(root, 'section h2').textContent;
    expect(name()).to.equal('Plans for shops');
    element.label = 'Plans for schools';
    await until(() => name() === 'Plans for schools', 'the new label');
    element.removeAttribute('label');
    await until(() => name() === 'Plans', 'the default label');
  });

  it('given api-url changes after mount should send the next request to the new address', async () => {
    const { element, root } = await mount(
      '<store-rank-checker api-url="/nowhere/graphql"></store-rank-checker>',
      'store-rank-checker',
      'form',
    );
    const failed = await submit(element, root, 'adaeze-fabrics', ['store-rank-result', 'store-rank-error']);
    expect(failed.type).to.equal('store-rank-error');
    element.apiUrl = '/graphql';
    expect(element.getAttribute('api-url')).to.equal('/graphql');
    const answered = await submit(element, root, 'adaeze-fabrics', ['store-rank-result', 'store-rank-error']);
    expect(answered.type).to.equal('store-rank-result');
    expect(answered.detail.name).to.equal('Adaeze Fabrics');
  });

  it('given api-url is removed should fall back to the script origin + /graphql', async () => {
    const { element, root } = await mount(
      '<start-selling-form api-url="/nowhere/graphql"></start-selling-form>',
      'start-selling-form',
      'form',
    );
    const failed = await submit(element, root, 'ada@example.com', ['start-selling-success', 'start-selling-error']);
    expect(failed.type).to.equal('start-selling-error');
    element.removeAttribute('api-url');
    const sent = await submit(element, root, 'ada@example.com', ['start-selling-success', 'start-selling-error']);
    expect(sent.type).to.equal('start-selling-success');
  });

  it('given partner is set after mount, or only the old ref attribute, should send that partner code', async () => {
    const { element, root } = await mount(
      '<start-selling-form api-url="/graphql"></start-selling-form>',
      'start-selling-form',
      'form',
    );
    element.partner = 'react-shop';
    await submit(element, root, 'bola@example.com', ['start-selling-success', 'start-selling-error']);
    element.removeAttribute('partner');
    element.setAttribute('ref', 'old-blog');
    await until(() => find<HTMLInputElement>(root, 'input[type="email"]').value === '', 'reset');
    await submit(element, root, 'chidi@example.com', ['start-selling-success', 'start-selling-error']);
    const requests = await takeRequests();
    expect(
      requests.map((request) => (request.variables?.data as { partner?: string } | undefined)?.partner),
    ).to.deep.equal(['react-shop', 'old-blog']);
  });

  it('given a property set before the tag is defined should apply it once defined', async () => {
    const element = document.createElement('pricing-plans-late') as WidgetElement;
    // Stand in for a framework: a property on an element whose class is not there yet.
    element.period = 'monthly';
    fixture('').append(element);
    const PricingPlans = await ready('pricing-plans');
    customElements.define('pricing-plans-late', class extends PricingPlans {});
    const root = await until(() => element.shadowRoot?.querySelector('.plan') && element.shadowRoot, 'the cards');
    await until(() => pressed(root).startsWith('Monthly'), 'monthly from the early property');
  });
});
