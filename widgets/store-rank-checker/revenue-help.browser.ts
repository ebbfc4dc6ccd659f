/** The "?" beside each revenue in <store-rank-checker>'s dialog, as built, against the fake /graphql. */
import { expect } from '@esm-bundle/chai';
import { byText, importLoader, queryByRole, until } from '../../testing/browser/browser.js';
import { press } from '../../testing/browser/commands.js';
import {
  helpButton,
  lookUp,
  openDialog,
  openWinnersHelp,
  openYourHelp,
  popoverChunkLoaded,
} from './rank-checker.test-support.js';

await importLoader();

describe('<store-rank-checker> revenue help', () => {
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
