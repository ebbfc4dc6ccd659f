/**
 * A reader on a partner's page (this test page, on another origin than the product) checks a demo
 * store's rank, signs up from the form and from the modal, in every engine the journeys run in.
 */
import { expect } from '@esm-bundle/chai';
import { byLabel, byRole, byText, until } from '../../testing/browser/queries.js';
import { freshAddress, loadWidgets, place, press, storedSignup, typeInto } from './journey.js';

await loadWidgets();

/** The element's shadow root once its widget shows `role` named `name`. */
async function rendered(host: Element, role: string, name: string) {
  return until(() => host.shadowRoot && byRole(host.shadowRoot, role, { name }) && host.shadowRoot, `${name}`, 10_000);
}

describe('a partner page', () => {
  it('given a demo store typed into the rank checker should show its rank in the leaderboard dialog', async () => {
    const checker = place('<store-rank-checker></store-rank-checker>').firstElementChild as HTMLElement;
    const root = await rendered(checker, 'button', 'Check my rank');
    await typeInto(byLabel(root, 'Store domain'), 'adaeze-fabrics');
    await press('Enter');
    const dialog = await until(
      () => byRole(root, 'dialog', { name: 'Your New Year sales ranking' }),
      'the leaderboard dialog',
      10_000,
    );
    await until(() => byText(dialog, /Adaeze Fabrics/), 'the store name');
  });

  it('given an address typed into the form should store the signup with the partner code', async () => {
    const form = place('<start-selling-form partner="journey-form"></start-selling-form>')
      .firstElementChild as HTMLElement;
    const root = await rendered(form, 'button', 'Start Selling');
    const email = freshAddress('form');
    await typeInto(byLabel(root, 'Email address'), email);
    await press('Enter');
    expect((await storedSignup(email)).partner).to.equal('journey-form');
  });

  it('given the Get Started button should open the modal and store its signup', async () => {
    const container = place(
      '<button type="button" data-start-selling>Get Started</button><start-selling-modal partner="journey-modal"></start-selling-modal>',
    );
    (container.querySelector('button') as HTMLButtonElement).click();
    const modal = container.querySelector('start-selling-modal') as HTMLElement;
    const root = await rendered(modal, 'dialog', 'Start Selling with Ease!');
    const email = freshAddress('modal');
    await typeInto(byLabel(root, 'Email address'), email);
    await press('Enter');
    expect((await storedSignup(email)).partner).to.equal('journey-modal');
  });
});
