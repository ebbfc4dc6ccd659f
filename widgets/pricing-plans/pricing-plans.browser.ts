/** <pricing-plans> as built, in Chromium. */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { find, findAll, importLoader, mount, until } from '../test-support/browser.js';

await importLoader();

const mountPlans = (attributes = '', width = '1100px') =>
  mount(`<pricing-plans ${attributes} style="width: ${width}"></pricing-plans>`, 'pricing-plans', '.plan');

const cards = (root: ShadowRoot) =>
  findAll(root, '.plan').map((card) => ({
    title: find(card, 'h3').textContent,
    price: find(card, '.price').textContent,
  }));
/** The toggle button whose text starts with `name` (Annual, Monthly). */
function toggle(root: ShadowRoot, name: string) {
  const button = findAll<HTMLButtonElement>(root, '.toggle button').find((b) => b.textContent?.startsWith(name));
  if (!button) throw new Error(`no ${name} toggle`);
  return button;
}
const currentDot = (root: ShadowRoot) =>
  findAll(root, '.dot').findIndex((dot) => dot.getAttribute('aria-current') === 'true');
const plan = (root: ShadowRoot, index: number) => findAll(root, '.plan')[index] as HTMLElement;

describe('<pricing-plans>', () => {
  it('given the page loads should show four plans at annual prices, Pro recommended for medium-sized enterprises', async () => {
    const { root } = await mountPlans();
    expect(cards(root)).to.deep.equal([
      { title: 'Free', price: '₦0/year' },
      { title: 'Starter', price: '₦30,000/year' },
      { title: 'Plus', price: '₦60,000/year' },
      { title: 'Pro', price: '₦120,000/year' },
    ]);
    expect(toggle(root, 'Annual').getAttribute('aria-pressed')).to.equal('true');
    expect(toggle(root, 'Annual').textContent).to.contain('Save 33%');
    const pro = plan(root, 3);
    expect(pro.textContent).to.contain('Recommended');
    expect(pro.textContent).to.contain('For medium-sized enterprises');
    expect(plan(root, 1).textContent).to.contain('For small businesses');
    expect(findAll(root, '.badge').length).to.equal(1);
    const section = find(root, 'section');
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

  it('given the toggle is switched should change every card price and period and emit pricing-period-change', async () => {
    const { element, root } = await mountPlans();
    const changes: unknown[] = [];
    element.addEventListener('pricing-period-change', (event) => changes.push((event as CustomEvent).detail));
    toggle(root, 'Monthly').click();
    await until(() => cards(root)[3]?.price === '₦12,000/month', 'monthly prices');
    expect(cards(root).map((card) => card.price)).to.deep.equal([
      '₦0/month',
      '₦2,000/month',
      '₦6,000/month',
      '₦12,000/month',
    ]);
    toggle(root, 'Annual').click();
    await until(() => cards(root)[3]?.price === '₦120,000/year', 'annual prices');
    expect(changes).to.deep.equal([{ period: 'monthly' }, { period: 'annual' }]);
  });

  it('given a narrow screen should move the dots with the card in view (next button, keys, scrolling)', async () => {
    const { root } = await mountPlans('', '360px');
    const strip = find(root, '.strip');
    expect(findAll(root, '.dot').length).to.equal(4);
    await until(() => currentDot(root) === 0, 'first dot');
    strip.style.scrollBehavior = 'auto';
    strip.scrollLeft = plan(root, 2).offsetLeft - strip.offsetLeft;
    await until(() => currentDot(root) === 2, 'third dot after scrolling');
    strip.focus();
    await sendKeys({ press: 'ArrowRight' });
    await until(() => currentDot(root) === 3, 'fourth dot after ArrowRight');
    await sendKeys({ press: 'Home' });
    await until(() => currentDot(root) === 0, 'first dot after Home');
    find(root, 'button[aria-label="Show Plus"]').click();
    await until(() => currentDot(root) === 2, 'third dot after pressing it');
  });

  it('given a wider strip should move one card with the next and previous buttons', async () => {
    const { root } = await mountPlans('', '700px');
    const strip = find(root, '.strip');
    const next = find<HTMLButtonElement>(root, 'button[aria-label="Next plan"]');
    const previous = find<HTMLButtonElement>(root, 'button[aria-label="Previous plan"]');
    expect(getComputedStyle(next).display).to.not.equal('none');
    expect(previous.disabled).to.equal(true);
    next.click();
    await until(
      () => currentDot(root) === 1 && Math.abs(strip.scrollLeft - (plan(root, 1).offsetLeft - strip.offsetLeft)) < 2,
      'second card at the start',
    );
    expect(previous.disabled).to.equal(false);
  });

  it('given a mouse drags the strip should scroll it without pressing Get Started', async () => {
    const { root } = await mountPlans('', '360px');
    const strip = find(root, '.strip');
    strip.style.scrollBehavior = 'auto';
    const down = { bubbles: true, composed: true, pointerType: 'mouse', button: 0, pointerId: 1 };
    const start = strip.getBoundingClientRect();
    const x = start.left + start.width - 20;
    strip.dispatchEvent(new PointerEvent('pointerdown', { ...down, clientX: x, clientY: start.top + 40 }));
    strip.dispatchEvent(new PointerEvent('pointermove', { ...down, clientX: x - 150, clientY: start.top + 40 }));
    expect(strip.scrollLeft).to.be.above(100);
    strip.dispatchEvent(new PointerEvent('pointerup', { ...down, clientX: x - 150, clientY: start.top + 40 }));
  });
});
