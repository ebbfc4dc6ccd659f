/** <pricing-plans> as built, in Chromium. */
import { expect } from '@esm-bundle/chai';
import {
  allByRole,
  byRole,
  byText,
  importLoader,
  mount,
  queryAllByText,
  reservedHeight,
  until,
} from '../../testing/browser/browser.js';
import { press } from '../../testing/browser/commands.js';
import { hostSize } from './pricing-plans.tag.js';

await importLoader();

const mountPlans = (attributes = '', width = '1100px') =>
  mount(`<pricing-plans ${attributes} style="width: ${width}"></pricing-plans>`, 'pricing-plans', {
    role: 'button',
    name: 'Get Started with Pro',
  });

/** The carousel's strip of plans, a list reached by keyboard. */
const strip = (root: ShadowRoot) => byRole(root, 'list', 'Plans, use the arrow keys to move');
/** The plan slides ("Free, 1 of 4"…), not the benefit lists inside them. */
const slides = (root: ShadowRoot) => allByRole(root, 'listitem', /, \d of 4$/);
const plan = (root: ShadowRoot, index: number) => slides(root)[index] as HTMLElement;
const cards = (root: ShadowRoot) =>
  slides(root).map((card) => ({
    title: byRole(card, 'heading', { level: 3 }).textContent,
    price: byText(card, /^₦[\d,]+\/(year|month)$/).textContent,
  }));
/** The toggle button whose name starts with `name` (Annual, Monthly). */
const toggle = (root: ShadowRoot, name: string) =>
  byRole<HTMLButtonElement>(byRole(root, 'group', 'Billing period'), 'button', new RegExp(`^${name}`));
/**
 * The dots ("Show Free"…): the index of the one marked current. Wide screens do not show them (hidden),
 * but their aria-current still says which card the carousel counts as in view.
 */
const currentDot = (root: ShadowRoot) =>
  allByRole(root, 'button', { name: /^Show /, hidden: true }).findIndex(
    (dot) => dot.getAttribute('aria-current') === 'true',
  );

/** A narrow carousel scrolled (without animation) to card `index`, once its dot says so. */
async function narrowAt(index: number) {
  const { root } = await mountPlans('', '360px');
  const list = strip(root);
  await until(() => currentDot(root) === 0, 'first dot');
  list.style.scrollBehavior = 'auto';
  list.scrollLeft = plan(root, index).offsetLeft - list.offsetLeft;
  await until(() => currentDot(root) === index, `dot ${index + 1} after scrolling`);
  return { root, list };
}

describe('<pricing-plans>', () => {
  it('given the page loads should show four plans at annual prices', async () => {
    const { root } = await mountPlans();
    expect(cards(root)).to.deep.equal([
      { title: 'Free', price: '₦0/year' },
      { title: 'Starter', price: '₦30,000/year' },
      { title: 'Plus', price: '₦60,000/year' },
      { title: 'Pro', price: '₦120,000/year' },
    ]);
  });

  it('given the page loads should press the Annual toggle, which says Save 33%', async () => {
    const { root } = await mountPlans();
    expect(toggle(root, 'Annual').getAttribute('aria-pressed')).to.equal('true');
    expect(toggle(root, 'Annual').textContent).to.contain('Save 33%');
  });

  it('given the page loads should mark Pro, and only Pro, as recommended', async () => {
    const { root } = await mountPlans();
    expect(plan(root, 3).textContent).to.contain('Recommended');
    expect(queryAllByText(root, 'Recommended').length).to.equal(1);
  });

  it('given the page loads should say whom each plan is for', async () => {
    const { root } = await mountPlans();
    expect(plan(root, 3).textContent).to.contain('For medium-sized enterprises');
    expect(plan(root, 1).textContent).to.contain('For small businesses');
  });

  it('given the page loads should be a carousel named Plans', async () => {
    const { root } = await mountPlans();
    const section = byRole(root, 'region', 'Plans');
    expect(section.getAttribute('aria-roledescription')).to.equal('carousel');
    expect(root.getElementById(section.getAttribute('aria-labelledby') ?? '')?.textContent).to.equal('Plans');
  });

  it('given the period attribute is monthly should start on monthly prices', async () => {
    const { root } = await mountPlans('period="monthly"');
    expect(cards(root).map((card) => card.price)).to.deep.equal([
      '₦0/month',
      '₦2,000/month',
      '₦6,000/month',
      '₦12,000/month',
    ]);
  });

  it('given Monthly is pressed should change every card price and period', async () => {
    const { root } = await mountPlans();
    toggle(root, 'Monthly').click();
    await until(() => cards(root)[3]?.price === '₦12,000/month', 'monthly prices');
    expect(cards(root).map((card) => card.price)).to.deep.equal([
      '₦0/month',
      '₦2,000/month',
      '₦6,000/month',
      '₦12,000/month',
    ]);
  });

  it('given the toggle is switched and back should return to annual prices and emit pricing-period-change each time', async () => {
    const { element, root } = await mountPlans();
    const changes: unknown[] = [];
    element.addEventListener('pricing-period-change', (event) => changes.push((event as CustomEvent).detail));
    toggle(root, 'Monthly').click();
    await until(() => cards(root)[3]?.price === '₦12,000/month', 'monthly prices');
    toggle(root, 'Annual').click();
    await until(() => cards(root)[3]?.price === '₦120,000/year', 'annual prices');
    expect(changes).to.deep.equal([{ period: 'monthly' }, { period: 'annual' }]);
  });

  it("given the page's type from 16 to 22 px and a column of 14.5 em or wider should take just the height it reserves", async () => {
    for (const fontSize of [16, 18, 22]) {
      for (const columnEms of [14.5, 20, 41, 75]) {
        const { element } = await mount(
          `<div style="font-size: ${fontSize}px; width: ${columnEms}em"><pricing-plans></pricing-plans></div>`,
          'pricing-plans',
          { role: 'button', name: 'Get Started with Pro' },
        );
        const label = `${fontSize}px type, ${columnEms}em column`;
        expect(element.getBoundingClientRect().height, label).to.equal(reservedHeight(hostSize, element));
      }
    }
  });

  it('given a narrow screen should show a dot per plan, the first current', async () => {
    const { root } = await mountPlans('', '360px');
    expect(allByRole(root, 'button', /^Show /).length).to.equal(4);
    await until(() => currentDot(root) === 0, 'first dot');
  });

  it('given a narrow screen scrolled to the third card should make its dot current', async () => {
    const { root } = await narrowAt(2);
    expect(currentDot(root)).to.equal(2);
  });

  it('given a narrow screen and ArrowRight in the strip should move to the next card and its dot', async () => {
    const { root, list } = await narrowAt(2);
    list.focus();
    await press('ArrowRight');
    await until(() => currentDot(root) === 3, 'fourth dot after ArrowRight');
  });

  it('given a narrow screen and Home in the strip should go back to the first card and its dot', async () => {
    const { root, list } = await narrowAt(3);
    list.focus();
    await press('Home');
    await until(() => currentDot(root) === 0, 'first dot after Home');
  });

  it('given a narrow screen and a dot pressed should show its card', async () => {
    const { root } = await mountPlans('', '360px');
    await until(() => currentDot(root) === 0, 'first dot');
    byRole(root, 'button', 'Show Plus').click();
    await until(() => currentDot(root) === 2, 'third dot after pressing it');
  });

  it('given a wider strip should show Next and disable Previous at the first card', async () => {
    const { root } = await mountPlans('', '700px');
    const next = byRole<HTMLButtonElement>(root, 'button', 'Next plan');
    const previous = byRole<HTMLButtonElement>(root, 'button', 'Previous plan');
    expect(getComputedStyle(next).display).to.not.equal('none');
    expect(previous.disabled).to.equal(true);
  });

  it('given a wider strip and Next pressed should move one card and enable Previous', async () => {
    const { root } = await mountPlans('', '700px');
    const list = strip(root);
    const previous = byRole<HTMLButtonElement>(root, 'button', 'Previous plan');
    byRole(root, 'button', 'Next plan').click();
    await until(
      () => currentDot(root) === 1 && Math.abs(list.scrollLeft - (plan(root, 1).offsetLeft - list.offsetLeft)) < 2,
      'second card at the start',
    );
    expect(previous.disabled).to.equal(false);
  });

  it('given a mouse drags the strip should scroll it without pressing Get Started', async () => {
    const { root } = await mountPlans('', '360px');
    const list = strip(root);
    list.style.scrollBehavior = 'auto';
    const down = { bubbles: true, composed: true, pointerType: 'mouse', button: 0, pointerId: 1 };
    const start = list.getBoundingClientRect();
    const x = start.left + start.width - 20;
    list.dispatchEvent(new PointerEvent('pointerdown', { ...down, clientX: x, clientY: start.top + 40 }));
    list.dispatchEvent(new PointerEvent('pointermove', { ...down, clientX: x - 150, clientY: start.top + 40 }));
    expect(list.scrollLeft).to.be.above(100);
    list.dispatchEvent(new PointerEvent('pointerup', { ...down, clientX: x - 150, clientY: start.top + 40 }));
  });
});
