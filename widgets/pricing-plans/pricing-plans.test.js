/** <pricing-plans> as built, in Chromium. */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '/dist/widgets/kasuwa-widgets.js';
import { until } from '../shared/test-helpers.js';

async function mount(attributes = '', width = '1100px') {
  document.body.innerHTML = `<pricing-plans ${attributes} style="width: ${width}"></pricing-plans>`;
  const element = document.querySelector('pricing-plans');
  await customElements.whenDefined('pricing-plans');
  const root = await until(() => element.shadowRoot?.querySelector('.plan') && element.shadowRoot, 'the cards');
  return { element, root };
}

const cards = (root) =>
  [...root.querySelectorAll('.plan')].map((card) => ({
    title: card.querySelector('h3').textContent,
    price: card.querySelector('.price').textContent,
  }));
const toggle = (root, name) => [...root.querySelectorAll('.toggle button')].find((b) => b.textContent.startsWith(name));
const currentDot = (root) =>
  [...root.querySelectorAll('.dot')].findIndex((dot) => dot.getAttribute('aria-current') === 'true');

describe('<pricing-plans>', () => {
  it('given the page loads should show four plans at annual prices, Pro recommended for medium-sized enterprises', async () => {
    const { root } = await mount();
    expect(cards(root)).to.deep.equal([
      { title: 'Free', price: '₦0/year' },
      { title: 'Starter', price: '₦30,000/year' },
      { title: 'Plus', price: '₦60,000/year' },
      { title: 'Pro', price: '₦120,000/year' },
    ]);
    expect(toggle(root, 'Annual').getAttribute('aria-pressed')).to.equal('true');
    expect(toggle(root, 'Annual').textContent).to.contain('Save 33%');
    const pro = root.querySelectorAll('.plan')[3];
    expect(pro.textContent).to.contain('Recommended');
    expect(pro.textContent).to.contain('For medium-sized enterprises');
    expect(root.querySelectorAll('.plan')[1].textContent).to.contain('For small businesses');
    expect(root.querySelectorAll('.badge').length).to.equal(1);
    const section = root.querySelector('section');
    expect(section.getAttribute('aria-roledescription')).to.equal('carousel');
    expect(root.getElementById(section.getAttribute('aria-labelledby')).textContent).to.equal('Plans');
  });

  it('given the period attribute is monthly should start on monthly prices', async () => {
    const { root } = await mount('period="monthly"');
    expect(cards(root).map((card) => card.price)).to.deep.equal([
      '₦0/month',
      '₦2,000/month',
      '₦6,000/month',
      '₦12,000/month',
    ]);
  });

  it('given the toggle is switched should change every card price and period and emit pricing-period-change', async () => {
    const { element, root } = await mount();
    const changes = [];
    element.addEventListener('pricing-period-change', (event) => changes.push(event.detail));
    toggle(root, 'Monthly').click();
    await until(() => cards(root)[3].price === '₦12,000/month', 'monthly prices');
    expect(cards(root).map((card) => card.price)).to.deep.equal([
      '₦0/month',
      '₦2,000/month',
      '₦6,000/month',
      '₦12,000/month',
    ]);
    toggle(root, 'Annual').click();
    await until(() => cards(root)[3].price === '₦120,000/year', 'annual prices');
    expect(changes).to.deep.equal([{ period: 'monthly' }, { period: 'annual' }]);
  });

  it('given a narrow screen should move the dots with the card in view (next button, keys, scrolling)', async () => {
    const { root } = await mount('', '360px');
    const strip = root.querySelector('.strip');
    expect(root.querySelectorAll('.dot').length).to.equal(4);
    await until(() => currentDot(root) === 0, 'first dot');
    strip.style.scrollBehavior = 'auto';
    strip.scrollLeft = root.querySelectorAll('.plan')[2].offsetLeft - strip.offsetLeft;
    await until(() => currentDot(root) === 2, 'third dot after scrolling');
    strip.focus();
    await sendKeys({ press: 'ArrowRight' });
    await until(() => currentDot(root) === 3, 'fourth dot after ArrowRight');
    await sendKeys({ press: 'Home' });
    await until(() => currentDot(root) === 0, 'first dot after Home');
    root.querySelector('button[aria-label="Show Plus"]').click();
    await until(() => currentDot(root) === 2, 'third dot after pressing it');
  });

  it('given a wider strip should move one card with the next and previous buttons', async () => {
    const { root } = await mount('', '700px');
    const strip = root.querySelector('.strip');
    const next = root.querySelector('button[aria-label="Next plan"]');
    const previous = root.querySelector('button[aria-label="Previous plan"]');
    expect(getComputedStyle(next).display).to.not.equal('none');
    expect(previous.disabled).to.equal(true);
    next.click();
    await until(
      () =>
        currentDot(root) === 1 &&
        Math.abs(strip.scrollLeft - (root.querySelectorAll('.plan')[1].offsetLeft - strip.offsetLeft)) < 2,
      'second card at the start',
    );
    expect(previous.disabled).to.equal(false);
  });

  it('given a mouse drags the strip should scroll it without pressing Get Started', async () => {
    const { root } = await mount('', '360px');
    const strip = root.querySelector('.strip');
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
