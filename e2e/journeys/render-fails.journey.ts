/**
 * A widget whose render throws (forced here: React's useId formats its ids with toString(32), made to
 * fail) leaves the partner's fallback form in view, says so once with the tag's name, and the form still
 * signs the reader up, partner code and all, the way it does without JavaScript.
 */
import { expect } from '@esm-bundle/chai';
import { until } from '../../testing/browser/queries.js';
import { freshAddress, loadWidgets, place, press, product, storedSignup, typeInto } from './journey.js';

const numberToString = Number.prototype.toString;
Number.prototype.toString = function (this: number, radix?: number) {
  if (radix === 32) throw new Error('forced render failure');
  return numberToString.call(this, radix);
};
const errors: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args.map(String).join(' '));
  consoleError.apply(console, args);
};
await loadWidgets();

describe('a widget whose render throws', () => {
  it('given its fallback form should keep it in view, say so once, and sign up through it', async () => {
    const container = place(`
      <start-selling-form>
        <form action="${product}/start-selling" method="post" target="fallback-answer">
          <label>Email address <input name="email" type="email" required></label>
          <input type="hidden" name="partner" value="fallback-partner">
          <button>Start Selling</button>
        </form>
      </start-selling-form>
      <iframe name="fallback-answer" title="answer"></iframe>`);
    const host = container.querySelector('start-selling-form') as HTMLElement;
    await customElements.whenDefined('start-selling-form');
    await until(() => errors.some((line) => line.includes('<start-selling-form>')), 'the failure to be logged');
    const input = container.querySelector('input[name="email"]') as HTMLInputElement;
    expect(input.getBoundingClientRect().height, 'the fallback field in view').to.be.greaterThan(0);
    expect(host.shadowRoot?.querySelector('form'), 'no widget form').to.equal(null);

    const email = freshAddress('fallback');
    await typeInto(input, email);
    await press('Enter');
    expect((await storedSignup(email)).partner).to.equal('fallback-partner');
    expect(errors.filter((line) => line.includes('<start-selling-form>'))).to.have.length(1);
  });
});
