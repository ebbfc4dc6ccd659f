/** <store-rank-checker> as built, in Chromium, against the fake /graphql (widgets/test-support/fake-graphql.ts). */
import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import {
  find,
  findAll,
  importLoader,
  messageOf,
  mount,
  releaseHeld,
  takeRequests,
  type,
  until,
} from '../test-support/browser.js';

await importLoader();

/** What the real server says for an unknown domain (server/errors.ts; the fake answers with it). */
const NOT_FOUND = "We couldn't find a store with that domain";

async function mountChecker() {
  const { element, root } = await mount(
    '<store-rank-checker api-url="/graphql"><p>fallback</p></store-rank-checker>',
    'store-rank-checker',
    'form',
  );
  const input = find<HTMLInputElement>(root, 'input');
  const label = find(root, `label[for="${input.id}"]`);
  const button = find<HTMLButtonElement>(root, 'button[type="submit"]');
  return { element, root, input, label, button };
}

async function lookUp(domain: string) {
  const parts = await mountChecker();
  const events: CustomEvent[] = [];
  for (const name of ['store-rank-result', 'store-rank-error']) {
    parts.element.addEventListener(name, (event) => events.push(event as CustomEvent));
  }
  type(parts.input, domain);
  await until(() => !parts.button.disabled, 'submit enabled');
  parts.button.click();
  return { ...parts, events };
}

/** The dialog once its answer is in (it opens at once, with placeholders, while the lookup is on its way). */
const openDialog = (root: ShadowRoot) =>
  until(() => root.querySelector<HTMLDialogElement>('dialog[open]:not([aria-busy])'), 'the leaderboard dialog');
const textOf = (root: ParentNode, selector: string) => find(root, selector).textContent;

describe('<store-rank-checker>', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given the page loads should show a labelled domain field and a disabled submit', async () => {
    const { label, button, input } = await mountChecker();
    expect(label.textContent).to.equal('Store domain');
    expect(input.getAttribute('aria-describedby')).to.be.a('string');
    expect(button.textContent).to.equal('Check my rank');
    expect(button.disabled).to.equal(true);
  });

  it('given the field is left empty should say Required', async () => {
    const { root, input, button } = await mountChecker();
    input.focus();
    input.blur();
    await until(() => messageOf(root, input) === 'Required', 'Required');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(button.disabled).to.equal(true);
  });

  it('given an answer still on its way should show the loading state and the dialog with placeholders and focus in it at once, then the answer', async () => {
    const { root, button } = await lookUp('held-store');
    // In the same task as the click, before any answer: the tap is answered by the dialog itself.
    const dialog = find<HTMLDialogElement>(root, 'dialog');
    await until(() => dialog.open, 'the dialog open');
    expect(dialog.getAttribute('aria-busy')).to.equal('true');
    expect(dialog.getAttribute('aria-label')).to.equal('Your New Year sales ranking');
    expect(dialog.contains(root.activeElement), 'focus in the dialog').to.equal(true);
    expect(findAll(dialog, '.placeholder').length).to.be.above(3);
    expect(dialog.querySelector('button[aria-label^="What is"]'), 'no "?" before the answer').to.equal(null);
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.disabled).to.equal(true);
    expect(button.textContent).to.contain('Checking');
    const heightWhileLoading = dialog.getBoundingClientRect().height;
    // The API client may still be loading, and the request not sent yet.
    await until(async () => (await releaseHeld()) === 1, 'the held lookup released');
    await openDialog(root);
    expect(dialog.querySelector('.placeholder')).to.equal(null);
    expect(textOf(dialog, '.store-name')).to.equal('Adaeze Fabrics');
    expect(dialog.getBoundingClientRect().height, 'the dialog keeps its height').to.be.closeTo(heightWhileLoading, 1);
  });

  it('given a known domain should send it and open the leaderboard with the store, cards, progress and goal', async () => {
    const { root, events } = await lookUp('adaeze-fabrics');
    const dialog = await openDialog(root);
    const [request] = await takeRequests();
    expect(request?.variables).to.deep.equal({ query: { domain: 'adaeze-fabrics' } });
    expect(textOf(dialog, '.store-name')).to.equal('Adaeze Fabrics');
    expect(textOf(dialog, '.avatar')).to.equal('AF');
    expect(textOf(dialog, '.rank')).to.equal('Rank 3');
    const cards = findAll(dialog, '.card').map((card) => card.textContent);
    expect(cards).to.deep.equal(['Your Revenue₦1.5M', "Winner's Revenue₦2M"]);
    const bar = find(dialog, '[role="progressbar"]');
    expect(bar.getAttribute('aria-valuenow')).to.equal('75');
    const fill = (bar.firstElementChild?.getBoundingClientRect().width ?? 0) / bar.getBoundingClientRect().width;
    expect(fill).to.be.closeTo(0.75, 0.01);
    expect(dialog.textContent).to.contain('You started here.');
    expect(dialog.textContent).to.contain('Your goal is here.');
    expect(dialog.textContent).to.contain('Sell over ₦500,000 more to win');
    await until(() => events.length === 1, 'the event');
    expect(events.map((event) => event.type)).to.deep.equal(['store-rank-result']);
    expect(events[0]?.detail.rank).to.equal(3);
    expect(events[0]?.bubbles && events[0]?.composed).to.equal(true);
  });

  it('given a store with a logo should show the logo instead of initials', async () => {
    const { root } = await lookUp('with-logo');
    const dialog = await openDialog(root);
    expect(find<HTMLImageElement>(dialog, 'img').src).to.match(/^data:image\/svg\+xml/);
    expect(dialog.textContent).to.not.contain('AF');
  });

  it('given a 360 px wide phone and revenues of six digits should keep both cards inside the dialog', async () => {
    await setViewport({ width: 360, height: 740 });
    try {
      const { root } = await lookUp('wide-numbers');
      const dialog = await openDialog(root);
      const inside = dialog.getBoundingClientRect();
      const cards = findAll(dialog, '.card');
      expect(cards.map((card) => card.textContent)).to.deep.equal(['Your Revenue₦988,412', "Winner's Revenue₦999,998"]);
      for (const card of cards) {
        const box = card.getBoundingClientRect();
        expect(box.right, `${card.textContent} ends inside the dialog`).to.be.at.most(inside.right);
        expect(card.scrollWidth, `${card.textContent} does not overflow`).to.be.at.most(card.clientWidth);
      }
      expect(dialog.scrollWidth).to.be.at.most(dialog.clientWidth);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('given a 360 px wide phone and a 200-character name without spaces should wrap it inside the dialog', async () => {
    await setViewport({ width: 360, height: 740 });
    try {
      const { root } = await lookUp('long-name');
      const dialog = await openDialog(root);
      expect(dialog.getBoundingClientRect().right, 'the dialog ends inside the screen').to.be.at.most(360);
      expect(dialog.scrollWidth).to.be.at.most(dialog.clientWidth);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('given no name, rank or revenue should show an empty name, N/A, the brand initials and an empty bar', async () => {
    const { root } = await lookUp('no-logo');
    const dialog = await openDialog(root);
    expect(textOf(dialog, '.store-name')).to.equal('');
    expect(textOf(dialog, '.rank')).to.equal('Rank N/A');
    expect(textOf(dialog, '.avatar')).to.equal('KS');
    const bar = find(dialog, '[role="progressbar"]');
    expect(bar.getAttribute('aria-valuenow')).to.equal('0');
    expect(bar.firstElementChild?.getBoundingClientRect().width).to.equal(0);
  });

  it('given an unknown domain should show the Error toast bottom-right with the message and emit store-rank-error', async () => {
    const { root, events } = await lookUp('missing');
    const toast = await until(() => root.querySelector('.toast'), 'the toast');
    expect(toast.closest<HTMLElement>('[role="status"]')?.dataset.placement).to.equal('bottom-right');
    expect(toast.textContent).to.equal(`Error${NOT_FOUND}`);
    expect(root.querySelector('dialog[open]')).to.equal(null);
    await until(() => events.length === 1, 'the event');
    expect(events[0]?.type).to.equal('store-rank-error');
    expect(events[0]?.detail).to.deep.equal({ code: 'STORE_NOT_FOUND', message: NOT_FOUND });
  });

  it('given the dialog is open should keep Tab inside, close on Esc and return focus to the submit button', async () => {
    const { root, button } = await lookUp('adaeze-fabrics');
    const dialog = await openDialog(root);
    const close = find(dialog, 'button');
    expect(close.getAttribute('aria-label')).to.equal('Close');
    await until(() => dialog.contains(root.activeElement), 'focus inside the dialog');
    for (let i = 0; i < 3; i += 1) {
      await sendKeys({ press: 'Tab' });
      expect(dialog.contains(root.activeElement)).to.equal(true);
    }
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog.open, 'closed');
    await until(() => root.activeElement === button, 'focus back on the submit button');
  });

  it('given the dialog is open, the "?" beside Winner\'s Revenue should open by keyboard a labelled popover that explains the number, loaded only then; Esc should close it and return focus to the button', async () => {
    const { root } = await lookUp('adaeze-fabrics');
    const dialog = await openDialog(root);
    const popoverChunkLoaded = () =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('revenue-help-popover'));
    expect(popoverChunkLoaded()).to.equal(false);
    const help = find(dialog, 'button[aria-label="What is Winner\'s Revenue?"]');
    expect(help.getAttribute('aria-expanded')).to.equal('false');
    expect(help.getAttribute('aria-haspopup')).to.equal('dialog');
    help.focus();
    await sendKeys({ press: 'Enter' });

    const popover = await until(
      () => root.querySelector<HTMLElement>('[role="dialog"][aria-labelledby]:not(dialog)'),
      'the popover',
    );
    expect(popoverChunkLoaded()).to.equal(true);
    expect(root.getElementById(popover.getAttribute('aria-labelledby') ?? '')?.textContent).to.equal(
      "Winner's Revenue",
    );
    expect(help.getAttribute('aria-expanded')).to.equal('true');
    expect(help.getAttribute('aria-controls')).to.equal(popover.id);
    expect(popover.textContent).to.contain('The revenue of place 2, the place just above yours.');
    expect(popover.textContent).to.contain('Places 1 to 10 all win a prize.');
    await until(() => root.activeElement === popover, 'focus in the popover');
    // Placed beside its button by floating-ui, not left where it was rendered.
    const button = help.getBoundingClientRect();
    const box = await until(() => {
      const rect = popover.getBoundingClientRect();
      return rect.bottom <= button.top || rect.top >= button.bottom ? rect : null;
    }, 'the popover above or below the button');
    expect(Math.min(Math.abs(box.bottom - button.top), Math.abs(box.top - button.bottom))).to.be.below(16);

    await sendKeys({ press: 'Escape' });
    await until(() => !popover.isConnected, 'the popover closed');
    await until(() => root.activeElement === help, 'focus back on the "?" button');
    expect(help.getAttribute('aria-expanded')).to.equal('false');
    expect(dialog.open).to.equal(true);
  });

  it('given the "?" beside Your Revenue is opened with Space should say what counts, and a press elsewhere in the dialog should close it', async () => {
    const { root } = await lookUp('adaeze-fabrics');
    const dialog = await openDialog(root);
    const help = find(dialog, 'button[aria-label="What is Your Revenue?"]');
    help.focus();
    await sendKeys({ press: 'Space' });
    const popover = await until(() => root.getElementById(help.getAttribute('aria-controls') ?? ''), 'the popover');
    expect(popover.textContent).to.contain('Your paid sales during the New Year sales contest, minus refunds.');
    find(dialog, '.goal').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await until(() => !popover.isConnected, 'the popover closed');
    expect(dialog.open).to.equal(true);
  });
});
