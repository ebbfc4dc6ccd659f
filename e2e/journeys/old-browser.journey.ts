/**
 * A reader on an iOS 15 or Chrome 80-era browser: the APIs those lack are removed before our script
 * loads, and every widget still renders styled, signs up with its partner code and opens its dialogs.
 */
import { expect } from '@esm-bundle/chai';
import { type } from '../../testing/browser/commands.js';
import { byLabel, byRole, byText, queryByRole, until } from '../../testing/browser/queries.js';
import { freshAddress, loadWidgets, place, storedSignup } from './journey.js';

const removed: Record<string, [object, string[]]> = {
  'constructable stylesheets': [CSSStyleSheet.prototype, ['replaceSync', 'replace']],
  'adopted stylesheets': [Document.prototype, ['adoptedStyleSheets']],
  'adopted stylesheets in shadow roots': [ShadowRoot.prototype, ['adoptedStyleSheets']],
  'Object.hasOwn': [Object, ['hasOwn']],
  structuredClone: [globalThis, ['structuredClone']],
  'Array.prototype.at': [Array.prototype, ['at']],
  '<dialog> methods': [HTMLDialogElement.prototype, ['show', 'showModal', 'close']],
  'form.requestSubmit': [HTMLFormElement.prototype, ['requestSubmit']],
};
const originals = Object.values(removed).flatMap(([owner, names]) =>
  names.map((name) => [owner, name, Object.getOwnPropertyDescriptor(owner, name)] as const),
);
for (const [owner, name] of originals) Reflect.deleteProperty(owner, name);
const widgets = await loadWidgets();
// The test runner talks to its server with structuredClone: no real keys here (values are typed in
// whole and buttons clicked), and everything is put back for its report once the tests are done.
after(() => {
  for (const [owner, name, descriptor] of originals) if (descriptor) Object.defineProperty(owner, name, descriptor);
});

/** The shadow root of `host` once it shows a control of that role and name. */
const rendered = (host: Element, role: string, name: string) =>
  until(() => host.shadowRoot && queryByRole(host.shadowRoot, role, { name }) && host.shadowRoot, name, 10_000);

/** The button once the typed value has enabled it (React renders the change after the input event). */
const enabled = (root: ShadowRoot, name: string) =>
  until(() => {
    const button = byRole<HTMLButtonElement>(root, 'button', { name });
    return !button.disabled && button;
  }, `${name} enabled`);

const PRIMARY = 'rgb(11, 110, 79)'; // --kasuwa-primary's default, #0b6e4f

describe(`a browser without ${Object.keys(removed).join(', ')}`, () => {
  it('given the signup form should style it from a <style> in its shadow root', async () => {
    const form = place('<start-selling-form></start-selling-form>').firstElementChild as HTMLElement;
    const root = await rendered(form, 'button', 'Start Selling');
    expect(root.querySelectorAll('style').length).to.be.greaterThan(0);
    const button = queryByRole(root, 'button', { name: 'Start Selling' }) as HTMLElement;
    expect(getComputedStyle(button).backgroundColor).to.equal(PRIMARY);
  });

  it('given the pricing plans should render them styled', async () => {
    const plans = place('<pricing-plans></pricing-plans>').firstElementChild as HTMLElement;
    const root = await until(() => plans.shadowRoot?.querySelector('style') && plans.shadowRoot, 'the plans', 10_000);
    await until(() => byText(root, /Starter/), 'a plan name');
    expect(plans.getBoundingClientRect().height).to.be.greaterThan(300);
  });

  it('given an address typed into the form should store the signup with the partner code', async () => {
    const form = place('<start-selling-form partner="old-browser"></start-selling-form>')
      .firstElementChild as HTMLElement;
    const root = await rendered(form, 'button', 'Start Selling');
    const email = freshAddress('old-browser');
    type(byLabel(root, 'Email address'), email);
    (await enabled(root, 'Start Selling')).click();
    expect((await storedSignup(email)).partner).to.equal('old-browser');
  });

  it('given a demo store should open the leaderboard dialog as a panel over the page', async () => {
    const checker = place('<store-rank-checker></store-rank-checker>').firstElementChild as HTMLElement;
    const root = await rendered(checker, 'button', 'Check my rank');
    type(byLabel(root, 'Store domain'), 'adaeze-fabrics');
    (await enabled(root, 'Check my rank')).click();
    const dialog = await until(
      () => queryByRole(root, 'dialog', { name: 'Your New Year sales ranking' }),
      'the leaderboard dialog',
      10_000,
    );
    expect(getComputedStyle(dialog).position).to.equal('fixed');
    await until(() => byText(dialog, /Adaeze Fabrics/), 'the store name');
  });

  it('given the modal shown then Esc pressed should open it and close it again', async () => {
    const modal = place('<start-selling-modal></start-selling-modal>').firstElementChild as HTMLElement & {
      show(): Promise<void>;
    };
    await widgets.ready('start-selling-modal');
    await modal.show();
    const root = modal.shadowRoot as ShadowRoot;
    const dialog = queryByRole(root, 'dialog', { name: 'Start Selling with Ease!' });
    expect(dialog, 'the open dialog').to.not.equal(null);
    const escapeKey = { key: 'Escape', bubbles: true, composed: true };
    (root.activeElement ?? dialog)?.dispatchEvent(new KeyboardEvent('keydown', escapeKey));
    await until(() => !queryByRole(root, 'dialog', { name: 'Start Selling with Ease!' }), 'the dialog to close');
  });
});
