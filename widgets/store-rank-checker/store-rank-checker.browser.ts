/** <store-rank-checker> as built, in Chromium, against the fake /graphql (widgets/test-support/fake-graphql.ts). */
import { expect } from '@esm-bundle/chai';
import {
  byLabel,
  byRole,
  byText,
  findAll,
  importLoader,
  messageOf,
  mount,
  queryAllByRole,
  queryByRole,
  releaseHeld,
  takeRequests,
  type,
  until,
} from '../test-support/browser.js';
import { press, viewport } from '../test-support/commands.js';

await importLoader();

/** What the real server says for an unknown domain (server/errors.ts; the fake answers with it). */
const NOT_FOUND = "We couldn't find a store with that domain";
const DIALOG = 'Your New Year sales ranking';

async function mountChecker() {
  const { element, root } = await mount(
    '<store-rank-checker api-url="/graphql"><p>fallback</p></store-rank-checker>',
    'store-rank-checker',
    { role: 'textbox', name: 'Store domain' },
  );
  const input = byLabel(root, 'Store domain');
  const button = byRole<HTMLButtonElement>(root, 'button', 'Check my rank');
  return { element, root, input, button };
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

/**
 * A lookup of `held-store`, once the fake holds it: its answer waits for releaseHeld() (after each test
 * at the latest; a lookup still on its way then would stay held for the next test to release).
 */
async function heldLookUp() {
  const parts = await lookUp('held-store');
  await until(async () => (await takeRequests()).length > 0, 'the lookup at the fake /graphql');
  return parts;
}

/** The dialog once its answer is in (it opens at once, with placeholders, while the lookup is on its way). */
const openDialog = (root: ShadowRoot) =>
  until(() => queryByRole<HTMLDialogElement>(root, 'dialog', { name: DIALOG, busy: false }), 'the leaderboard dialog');
/** The dialog as it opens, before the held answer (`held-store`) comes. */
const busyDialog = (root: ShadowRoot) =>
  until(() => queryByRole<HTMLDialogElement>(root, 'dialog', { name: DIALOG, busy: true }), 'the dialog open');
/**
 * The placeholders of values on their way: aria-hidden shapes with no text or role, so only their
 * markup shows them.
 */
const placeholders = (dialog: HTMLElement) => findAll(dialog, '.placeholder');
/** The revenue cards: a visual grouping (label and value in plain paragraphs) with no role of its own, found by its part. */
const revenueCards = (dialog: HTMLElement) => findAll(dialog, '[part="card"]');
/** The "?" buttons explain the answer; the popover each opens. */
const helpButton = (dialog: HTMLElement, topic: string) => byRole(dialog, 'button', `What is ${topic}?`);
const popoverChunkLoaded = () =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes('revenue-help-popover'));

/** Opens the popover of the "?" beside Winner's Revenue by keyboard (Enter). */
async function openWinnersHelp() {
  const { root } = await lookUp('adaeze-fabrics');
  const dialog = await openDialog(root);
  const help = helpButton(dialog, "Winner's Revenue");
  help.focus();
  await press('Enter');
  const popover = await until(() => queryByRole(root, 'dialog', "Winner's Revenue"), 'the popover');
  return { root, dialog, help, popover };
}

/** Opens the popover of the "?" beside Your Revenue with Space. */
async function openYourHelp() {
  const { root } = await lookUp('adaeze-fabrics');
  const dialog = await openDialog(root);
  const help = helpButton(dialog, 'Your Revenue');
  help.focus();
  await press('Space');
  const popover = await until(() => root.getElementById(help.getAttribute('aria-controls') ?? ''), 'the popover');
  return { root, dialog, help, popover };
}

/**
 * Runs `test` on a 360 px wide phone screen. Where the engine's window cannot be that narrow (WebKitGTK's
 * MiniBrowser stops at about 450 px) the test is skipped, and the report counts and names it.
 */
async function onPhone(context: Mocha.Context, test: () => Promise<void>) {
  const size = await viewport({ width: 360, height: 740 });
  try {
    if (size.width !== 360) {
      console.warn(`skipped at 360 px: this engine's window is at least ${size.width} px wide`);
      context.skip();
    }
    await test();
  } finally {
    await viewport({ width: 800, height: 600 });
  }
}

describe('<store-rank-checker>', () => {
  beforeEach(async () => {
    await takeRequests();
  });

  it('given the page loads should label the domain field and tie a message to it', async () => {
    const { input } = await mountChecker();
    expect(input.labels?.[0]?.textContent).to.equal('Store domain');
    expect(input.getAttribute('aria-describedby')).to.be.a('string');
  });

  it('given the page loads should show the Check my rank button disabled', async () => {
    const { button } = await mountChecker();
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

  describe('given an answer still on its way', () => {
    it('should open the dialog at once, busy, labelled, with focus in it', async () => {
      const { root } = await heldLookUp();
      // Before any answer: the tap is answered by the dialog itself.
      const dialog = await busyDialog(root);
      expect(dialog.getAttribute('aria-busy')).to.equal('true');
      expect(dialog.getAttribute('aria-label')).to.equal(DIALOG);
      expect(dialog.contains(root.activeElement), 'focus in the dialog').to.equal(true);
    });

    it('should show placeholders and no "?" in the dialog', async () => {
      const { root } = await heldLookUp();
      const dialog = await busyDialog(root);
      expect(placeholders(dialog).length).to.be.above(3);
      expect(queryAllByRole(dialog, 'button', /^What is/), 'no "?" before the answer').to.deep.equal([]);
    });

    it('should show the submit busy, disabled and Checking…', async () => {
      const { root, button } = await heldLookUp();
      await busyDialog(root);
      expect(button.getAttribute('aria-busy')).to.equal('true');
      expect(button.disabled).to.equal(true);
      expect(button.textContent).to.contain('Checking');
    });

    it('should fill the dialog in once the answer comes, keeping its height', async () => {
      const { root } = await heldLookUp();
      const dialog = await busyDialog(root);
      const heightWhileLoading = dialog.getBoundingClientRect().height;
      expect(await releaseHeld()).to.equal(1);
      await openDialog(root);
      expect(placeholders(dialog)).to.deep.equal([]);
      expect(byText(dialog, 'Adaeze Fabrics').textContent).to.equal('Adaeze Fabrics');
      expect(dialog.getBoundingClientRect().height, 'the dialog keeps its height').to.be.closeTo(heightWhileLoading, 1);
    });
  });

  describe('given a known domain', () => {
    it('should send it', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      await openDialog(root);
      const [request] = await takeRequests();
      expect(request?.variables).to.deep.equal({ query: { domain: 'adaeze-fabrics' } });
    });

    it('should show the store name, its initials and its rank', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      const dialog = await openDialog(root);
      expect(byText(dialog, 'Adaeze Fabrics').textContent).to.equal('Adaeze Fabrics');
      // The initials are aria-hidden (the name says it): found by the text a reader sees.
      expect(byText(dialog, 'AF').textContent).to.equal('AF');
      expect(byText(dialog, 'Rank 3').textContent).to.equal('Rank 3');
    });

    it('should show the two revenue cards', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      const dialog = await openDialog(root);
      const cards = revenueCards(dialog).map((card) => card.textContent);
      expect(cards).to.deep.equal(['Your Revenue₦1.5M', "Winner's Revenue₦2M"]);
    });

    it('should fill the progress bar to 75%', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      const dialog = await openDialog(root);
      const bar = byRole(dialog, 'progressbar');
      expect(bar.getAttribute('aria-valuenow')).to.equal('75');
      const fill = (bar.firstElementChild?.getBoundingClientRect().width ?? 0) / bar.getBoundingClientRect().width;
      expect(fill).to.be.closeTo(0.75, 0.01);
    });

    it('should say where the reader started, the goal, and how much more to sell', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      const dialog = await openDialog(root);
      expect(dialog.textContent).to.contain('You started here.');
      expect(dialog.textContent).to.contain('Your goal is here.');
      expect(dialog.textContent).to.contain('Sell over ₦500,000 more to win');
    });

    it('should emit a bubbling, composed store-rank-result with the rank', async () => {
      const { root, events } = await lookUp('adaeze-fabrics');
      await openDialog(root);
      await until(() => events.length === 1, 'the event');
      expect(events.map((event) => event.type)).to.deep.equal(['store-rank-result']);
      expect(events[0]?.detail.rank).to.equal(3);
      expect(events[0]?.bubbles && events[0]?.composed).to.equal(true);
    });
  });

  it('given a store with a logo should show the logo instead of initials', async () => {
    const { root } = await lookUp('with-logo');
    const dialog = await openDialog(root);
    // alt="": the logo is decorative beside the name, so its role is presentation.
    expect(byRole<HTMLImageElement>(dialog, 'presentation').src).to.match(/^data:image\/svg\+xml/);
    expect(dialog.textContent).to.not.contain('AF');
  });

  it('given a 360 px wide phone and revenues of six digits should keep both cards inside the dialog', async function () {
    await onPhone(this, async () => {
      const { root } = await lookUp('wide-numbers');
      const dialog = await openDialog(root);
      const inside = dialog.getBoundingClientRect();
      const cards = revenueCards(dialog);
      expect(cards.map((card) => card.textContent)).to.deep.equal(['Your Revenue₦988,412', "Winner's Revenue₦999,998"]);
      for (const card of cards) {
        const box = card.getBoundingClientRect();
        expect(box.right, `${card.textContent} ends inside the dialog`).to.be.at.most(inside.right);
        expect(card.scrollWidth, `${card.textContent} does not overflow`).to.be.at.most(card.clientWidth);
      }
      expect(dialog.scrollWidth).to.be.at.most(dialog.clientWidth);
    });
  });

  it('given a 360 px wide phone and a 200-character name without spaces should wrap it inside the dialog', async function () {
    await onPhone(this, async () => {
      const { root } = await lookUp('long-name');
      const dialog = await openDialog(root);
      expect(dialog.getBoundingClientRect().right, 'the dialog ends inside the screen').to.be.at.most(360);
      expect(dialog.scrollWidth).to.be.at.most(dialog.clientWidth);
    });
  });

  describe('given no name, rank or revenue', () => {
    it('should show an empty name and Rank N/A', async () => {
      const { root } = await lookUp('no-logo');
      const dialog = await openDialog(root);
      // An empty name has no text to find it by: its slot is found by its part.
      expect(findAll(dialog, '[part="store-name"]').map((name) => name.textContent)).to.deep.equal(['']);
      expect(byText(dialog, 'Rank N/A').textContent).to.equal('Rank N/A');
    });

    it('should show the brand initials', async () => {
      const { root } = await lookUp('no-logo');
      const dialog = await openDialog(root);
      expect(byText(dialog, 'KS').textContent).to.equal('KS');
    });

    it('should show an empty progress bar', async () => {
      const { root } = await lookUp('no-logo');
      const dialog = await openDialog(root);
      const bar = byRole(dialog, 'progressbar');
      expect(bar.getAttribute('aria-valuenow')).to.equal('0');
      expect(bar.firstElementChild?.getBoundingClientRect().width).to.equal(0);
    });
  });

  describe('given an unknown domain', () => {
    it('should show the Error toast bottom-right with the message', async () => {
      const { root } = await lookUp('missing');
      const toast = await until(() => {
        const status = byRole(root, 'status');
        return status.textContent && status;
      }, 'the toast');
      expect(toast.dataset.placement).to.equal('bottom-right');
      expect(toast.textContent).to.equal(`Error${NOT_FOUND}`);
    });

    it('should close the dialog', async () => {
      const { root } = await lookUp('missing');
      await until(() => byRole(root, 'status').textContent, 'the toast');
      expect(queryByRole(root, 'dialog')).to.equal(null);
    });

    it('should emit store-rank-error with the code and message', async () => {
      const { events } = await lookUp('missing');
      await until(() => events.length === 1, 'the event');
      expect(events[0]?.type).to.equal('store-rank-error');
      expect(events[0]?.detail).to.deep.equal({ code: 'STORE_NOT_FOUND', message: NOT_FOUND });
    });
  });

  describe('given the dialog is open', () => {
    it('should keep Tab inside', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      const dialog = await openDialog(root);
      const close = byRole(dialog, 'button', 'Close');
      expect(close.getAttribute('aria-label')).to.equal('Close');
      await until(() => dialog.contains(root.activeElement), 'focus inside the dialog');
      for (let i = 0; i < 3; i += 1) {
        await press('Tab');
        expect(dialog.contains(root.activeElement)).to.equal(true);
      }
    });

    it('should close on Esc and return focus to the submit button', async () => {
      const { root, button } = await lookUp('adaeze-fabrics');
      const dialog = await openDialog(root);
      await until(() => dialog.contains(root.activeElement), 'focus inside the dialog');
      await press('Escape');
      await until(() => !dialog.open, 'closed');
      await until(() => root.activeElement === button, 'focus back on the submit button');
    });
  });

  describe('the "?" beside Winner\'s Revenue', () => {
    it('should be a collapsed button that opens a dialog', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      const help = helpButton(await openDialog(root), "Winner's Revenue");
      expect(help.getAttribute('aria-expanded')).to.equal('false');
      expect(help.getAttribute('aria-haspopup')).to.equal('dialog');
    });

    // First of the tests that open a popover: its chunk is loaded once per page.
    it('should load the popover code only when opened', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      const dialog = await openDialog(root);
      expect(popoverChunkLoaded()).to.equal(false);
      helpButton(dialog, "Winner's Revenue").focus();
      await press('Enter');
      await until(() => queryByRole(root, 'dialog', "Winner's Revenue"), 'the popover');
      expect(popoverChunkLoaded()).to.equal(true);
    });

    it('opened by keyboard should show a popover labelled by its title, which explains the number', async () => {
      const { root, help, popover } = await openWinnersHelp();
      expect(root.getElementById(popover.getAttribute('aria-labelledby') ?? '')?.textContent).to.equal(
        "Winner's Revenue",
      );
      expect(help.getAttribute('aria-expanded')).to.equal('true');
      expect(help.getAttribute('aria-controls')).to.equal(popover.id);
      expect(popover.textContent).to.contain('The revenue of place 2, the place just above yours.');
      expect(popover.textContent).to.contain('Places 1 to 10 all win a prize.');
    });

    it('opened by keyboard should move focus into the popover', async () => {
      const { root, popover } = await openWinnersHelp();
      await until(() => root.activeElement === popover, 'focus in the popover');
    });

    it('should place the popover beside the button', async () => {
      const { help, popover } = await openWinnersHelp();
      // Placed beside its button by floating-ui, not left where it was rendered.
      const button = help.getBoundingClientRect();
      const box = await until(() => {
        const rect = popover.getBoundingClientRect();
        return rect.bottom <= button.top || rect.top >= button.bottom ? rect : null;
      }, 'the popover above or below the button');
      expect(Math.min(Math.abs(box.bottom - button.top), Math.abs(box.top - button.bottom))).to.be.below(16);
    });

    it('given Esc in the popover should close it and return focus to the button, the dialog still open', async () => {
      const { root, dialog, help, popover } = await openWinnersHelp();
      await until(() => root.activeElement === popover, 'focus in the popover');
      await press('Escape');
      await until(() => !popover.isConnected, 'the popover closed');
      await until(() => root.activeElement === help, 'focus back on the "?" button');
      expect(help.getAttribute('aria-expanded')).to.equal('false');
      expect(dialog.open).to.equal(true);
    });
  });

  describe('the "?" beside Your Revenue', () => {
    it('opened with Space should say what counts', async () => {
      const { popover } = await openYourHelp();
      expect(popover.textContent).to.contain('Your paid sales during the New Year sales contest, minus refunds.');
    });

    it('given a press elsewhere in the dialog should close the popover, the dialog still open', async () => {
      const { dialog, popover } = await openYourHelp();
      byText(dialog, 'You started here.').dispatchEvent(
        new PointerEvent('pointerdown', { bubbles: true, composed: true }),
      );
      await until(() => !popover.isConnected, 'the popover closed');
      expect(dialog.open).to.equal(true);
    });
  });
});
