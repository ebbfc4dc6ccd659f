/** <store-rank-checker> as built, in Chromium, against the fake /graphql (testing/browser/fake-graphql.ts). */
import { expect } from '@esm-bundle/chai';
import { LEADERBOARD_FIELDS } from '../../common/leaderboard.js';
import { TRUSTED_DOCUMENT_HASHES } from '../../common/trusted-documents.js';
import {
  byLabel,
  byRole,
  byText,
  find,
  findAll,
  fixture,
  forgetDocuments,
  importLoader,
  messageOf,
  queryAllByRole,
  queryByRole,
  releaseHeld,
  takeRequests,
  type,
  until,
} from '../../testing/browser/browser.js';
import { press } from '../../testing/browser/commands.js';

const { ready } = await importLoader();

import {
  busyDialog,
  CHECKER_WITH_FALLBACK,
  DIALOG,
  heldLookUp,
  lookUp,
  mountChecker,
  NOT_FOUND,
  onPhone,
  openDialog,
  placeholders,
  revenueCards,
} from './rank-checker.test-support.js';

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

    it('should send it as a GET a cache can keep: the trusted hash without the text, no Content-Type to preflight', async () => {
      const { root } = await lookUp('adaeze-fabrics');
      await openDialog(root);
      const requests = await takeRequests();
      expect(requests.map(({ method, query, contentType }) => ({ method, query, contentType }))).to.deep.equal([
        { method: 'GET', query: undefined, contentType: undefined },
      ]);
      expect(requests[0]?.extensions?.persistedQuery?.sha256Hash).to.equal(TRUSTED_DOCUMENT_HASHES.getStoreLeaderboard);
    });

    it('given a server that does not know the hash should send the text by POST and show the store', async () => {
      await forgetDocuments(true);
      try {
        const { root } = await lookUp('adaeze-fabrics');
        const dialog = await openDialog(root);
        expect(byText(dialog, 'Adaeze Fabrics').textContent).to.equal('Adaeze Fabrics');
        const requests = await takeRequests();
        expect(requests.map(({ method }) => method)).to.deep.equal(['GET', 'POST']);
        expect(requests[1]?.query).to.match(/^query GetStoreLeaderboard\b/);
      } finally {
        await forgetDocuments(false);
      }
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
      // Exactly its documented fields: nothing of the API client's (__typename).
      expect(Object.keys(events[0]?.detail).sort()).to.deep.equal(Object.keys(LEADERBOARD_FIELDS).sort());
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
    it('should say why under the field, and keep saying it until the reader types again', async () => {
      const { root, input } = await lookUp('missing');
      await until(() => messageOf(root, input) === NOT_FOUND, 'the message under the field');
      // Long after a toast would have gone (5 s), it is still there; no toast says it twice.
      await new Promise((resolve) => setTimeout(resolve, 5500));
      expect([messageOf(root, input), queryByRole(root, 'status')]).to.deep.equal([NOT_FOUND, null]);
      type(input, 'missing-shop');
      await until(() => messageOf(root, input) === '', 'the message gone on input');
    });

    it('should close the dialog', async () => {
      const { root, input } = await lookUp('missing');
      await until(() => messageOf(root, input) === NOT_FOUND, 'the message under the field');
      expect(queryByRole(root, 'dialog')).to.equal(null);
    });

    it('should emit store-rank-error with the code and message', async () => {
      const { events } = await lookUp('missing');
      await until(() => events.length === 1, 'the event');
      expect(events[0]?.type).to.equal('store-rank-error');
      expect(events[0]?.detail).to.deep.equal({ code: 'STORE_NOT_FOUND', message: NOT_FOUND });
    });
  });

  describe('given the balancer answers 503 with no server left', () => {
    it('should say Kasuwa is busy under the field, as for UNAVAILABLE', async () => {
      const { root, input } = await lookUp('balancer-down');
      await until(
        () => messageOf(root, input) === 'Kasuwa is busy. Please try again in a moment.',
        'the message under the field',
      );
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
});

describe('<store-rank-checker> whose api-url changes', () => {
  it('given a domain looked up before should ask the new endpoint, not answer from the old one', async () => {
    await takeRequests();
    const { element, root, input, button } = await lookUp('adaeze-fabrics');
    const dialog = await openDialog(root);
    expect(await takeRequests()).to.have.length(1);
    await press('Escape');
    await until(() => !dialog.open, 'closed');

    element.setAttribute('api-url', '/graphql?endpoint=second');
    input.focus();
    button.click();
    await until(async () => (await takeRequests()).length === 1, 'the lookup sent again');
    const sentTo = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).searchParams);
    expect(sentTo.some((search) => search.get('endpoint') === 'second')).to.equal(true);
  });
});

describe('<store-rank-checker> taking over from its fallback', () => {
  it('given text typed into the fallback after the tag upgraded but before its first render should keep it and the focus', async () => {
    await ready('store-rank-checker');
    const container = fixture(CHECKER_WITH_FALLBACK);
    const checker = find(container, 'store-rank-checker');
    // Upgraded as it was added, untouched; React renders it in a later task, and this reader is quicker.
    expect(checker.shadowRoot?.querySelector('form')).to.equal(null);
    const fallbackInput = byLabel(checker, 'Store domain');
    fallbackInput.focus();
    fallbackInput.value = 'adaeze-fabrics';
    fallbackInput.setSelectionRange(6, 6);
    const root = await until(() => checker.shadowRoot?.querySelector('form') && checker.shadowRoot, 'the widget');
    const input = byLabel(root, 'Store domain');
    expect(input.value).to.equal('adaeze-fabrics');
    expect(root.activeElement).to.equal(input);
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([6, 6]);
    expect(byRole<HTMLButtonElement>(root, 'button', 'Check my rank').disabled).to.equal(false);
  });
});
