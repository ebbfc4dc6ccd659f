/** <start-selling-modal> as built, in Chromium: opened by [data-start-selling], Get Started and show(). */
import { expect } from '@esm-bundle/chai';
import {
  byLabel,
  byRole,
  find,
  findAll,
  fixture,
  importLoader,
  queryByRole,
  takeRequests,
  type,
  until,
} from '../../testing/browser/browser.js';
import { press } from '../../testing/browser/commands.js';

await importLoader();

type Modal = HTMLElement & {
  open: boolean;
  show(opener?: HTMLElement | null): Promise<void>;
  hide(): Promise<void>;
  close(): void;
};

const TITLE = 'Start Selling with Ease!';

/** The page's modal (the fixture's, or the one the loader created on demand): a host, found by its tag. */
const modalRoot = () => find<Modal>(document, 'start-selling-modal').shadowRoot as ShadowRoot;
/** The open dialog, once there is one. */
const modalDialog = () =>
  until(() => {
    const root = document.querySelector('start-selling-modal')?.shadowRoot;
    return root && queryByRole<HTMLDialogElement>(root, 'dialog', TITLE);
  }, 'the open modal');
const dialogOpen = () => queryByRole(modalRoot(), 'dialog', TITLE) !== null;
const focusedInModal = () => modalRoot().activeElement;
const emailField = () => byLabel(modalRoot(), 'Email address');

/** A page with a [data-start-selling] link and no modal; the link as written (a link, until the script takes it). */
function startSellingLink() {
  const container = fixture('<a href="#signup" data-start-selling>Start Selling</a>');
  return { container, link: byRole(container, 'link', 'Start Selling') };
}

/** A modal in a fixture, defined. */
async function mountModal(attributes = 'api-url="/graphql"') {
  const modal = find<Modal>(
    fixture(`<start-selling-modal ${attributes}></start-selling-modal>`),
    'start-selling-modal',
  );
  await customElements.whenDefined('start-selling-modal');
  return modal;
}

/** An opener button and a modal; the opener pressed, the dialog open with focus in the e-mail field. */
async function openedByButton() {
  const container = fixture(
    '<button type="button" data-start-selling>Open</button><start-selling-modal api-url="/graphql"></start-selling-modal>',
  );
  const opener = byRole(container, 'button', 'Open');
  opener.focus();
  opener.click();
  const dialog = await modalDialog();
  await until(() => focusedInModal() === emailField(), 'focus in');
  return { opener, dialog };
}

/** A modal opened by show(), the e-mail address typed and submitted. */
async function signedUp(modal: Modal) {
  modal.show();
  const dialog = await modalDialog();
  const input = byLabel(dialog, 'Email address');
  const submit = byRole<HTMLButtonElement>(dialog, 'button', 'Start Selling');
  type(input, 'modal@example.com');
  await until(() => !submit.disabled, 'submit enabled');
  submit.click();
  return dialog;
}

/** <pricing-plans> with its Get Started with Pro button focused and pressed; what it selected. */
async function getStartedPressed() {
  const pricing = find(fixture('<pricing-plans></pricing-plans>'), 'pricing-plans');
  await customElements.whenDefined('pricing-plans');
  const selected: unknown[] = [];
  pricing.addEventListener('pricing-plan-select', (event) => selected.push((event as CustomEvent).detail));
  const button = await until(
    () => pricing.shadowRoot && queryByRole<HTMLButtonElement>(pricing.shadowRoot, 'button', 'Get Started with Pro'),
    'Get Started',
  );
  button.focus();
  button.click();
  return { pricing, button, selected };
}

/** Opens the modal with the link in `html`, signs up in it, and answers the partner code sent. */
async function attributionSentFrom(html: string): Promise<{ partner?: unknown; campaign?: unknown }> {
  await takeRequests();
  const container = fixture(html);
  byRole(container, 'link', 'Start Selling').click();
  const dialog = await modalDialog();
  const submit = byRole<HTMLButtonElement>(dialog, 'button', 'Start Selling');
  type(byLabel(dialog, 'Email address'), 'partner@example.com');
  await until(() => !submit.disabled, 'submit enabled');
  submit.click();
  await until(() => !dialog.open, 'closed on success');
  const [request] = await takeRequests();
  return (request?.variables?.data as { partner?: unknown; campaign?: unknown } | undefined) ?? {};
}
const partnerSentFrom = async (html: string) => (await attributionSentFrom(html)).partner;

describe('<start-selling-modal>', () => {
  afterEach(() => {
    // A modal created on demand sits outside the fixture.
    for (const modal of findAll(document, 'start-selling-modal')) modal.remove();
  });

  describe('given a page without a modal and a [data-start-selling] link clicked', () => {
    it('should create one modal and open it, without navigating', async () => {
      const { link } = startSellingLink();
      link.focus();
      link.click();
      await modalDialog();
      expect(location.hash).to.equal('');
      expect(findAll(document, 'start-selling-modal').length).to.equal(1);
    });

    it('should title and describe the dialog', async () => {
      const { link } = startSellingLink();
      link.focus();
      link.click();
      const dialog = await modalDialog();
      const title = modalRoot().getElementById(dialog.getAttribute('aria-labelledby') ?? '');
      expect(title?.textContent).to.equal(TITLE);
      expect(modalRoot().getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).to.equal(
        'Enter your email to receive a download link and step-by-step instructions to set up your store and start selling today.',
      );
    });

    it('should move focus to the e-mail field', async () => {
      const { link } = startSellingLink();
      link.focus();
      link.click();
      await modalDialog();
      await until(() => focusedInModal() === emailField(), 'focus on the e-mail field');
    });
  });

  describe('given a [data-start-selling] link inserted later', () => {
    it('should be announced as a button', async () => {
      const { container, link } = startSellingLink();
      await until(() => queryByRole(container, 'button', 'Start Selling') === link, 'role="button"');
    });

    it('should open the modal on Space, without navigating', async () => {
      const { container, link } = startSellingLink();
      await until(() => queryByRole(container, 'button', 'Start Selling') === link, 'role="button"');
      link.focus();
      await press('Space');
      await modalDialog();
      expect(location.hash).to.equal('');
    });
  });

  it('given the modal is open should wrap Tab and Shift+Tab inside it', async () => {
    const { dialog } = await openedByButton();
    // Fields: close button, e-mail; submit is disabled while empty, the honeypot is out of the tab order.
    await press('Tab');
    expect(focusedInModal()).to.equal(byRole(dialog, 'button', 'Close'));
    await press('Tab');
    expect(focusedInModal()).to.equal(emailField());
    await press('Shift', 'Tab');
    await press('Shift', 'Tab');
    expect(focusedInModal()).to.equal(emailField());
  });

  it('given the modal is open should close on Esc and return focus to the opener', async () => {
    const { opener, dialog } = await openedByButton();
    await press('Escape');
    await until(() => !dialog.open, 'closed');
    await until(() => document.activeElement === opener, 'focus back on the opener');
  });

  it('given show() should settle once the dialog is open, reflect open and say start-selling-show', async () => {
    const modal = await mountModal();
    const events: string[] = [];
    for (const name of ['start-selling-show', 'start-selling-hide'])
      modal.addEventListener(name, () => events.push(name));
    await modal.show();
    expect(dialogOpen(), 'dialog open when show() settles').to.equal(true);
    expect([modal.open, modal.hasAttribute('open'), events]).to.deep.equal([true, true, ['start-selling-show']]);
  });

  it('given hide() should settle once the dialog is closed, reflect open and say start-selling-hide', async () => {
    const modal = await mountModal();
    await modal.show();
    const events: string[] = [];
    for (const name of ['start-selling-show', 'start-selling-hide'])
      modal.addEventListener(name, () => events.push(name));
    await modal.hide();
    expect(dialogOpen(), 'dialog closed when hide() settles').to.equal(false);
    expect([modal.open, modal.hasAttribute('open'), events]).to.deep.equal([false, false, ['start-selling-hide']]);
  });

  it('given hide() has settled and the open attribute is set at once should open and stay open', async () => {
    const modal = await mountModal();
    await modal.show();
    await modal.hide();
    modal.setAttribute('open', '');
    await modalDialog();
    // Past whatever the closing had left queued (the dialog's close event comes a task after close()).
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect([dialogOpen(), modal.open, modal.hasAttribute('open')]).to.deep.equal([true, true, true]);
    await modal.hide();
  });

  it('given the open attribute is set should open the dialog', async () => {
    const modal = find<Modal>(
      fixture('<start-selling-modal api-url="/graphql"></start-selling-modal>'),
      'start-selling-modal',
    );
    modal.setAttribute('open', '');
    await modalDialog();
  });

  it('given the open property is set to false should close the dialog and drop the attribute', async () => {
    const modal = find<Modal>(
      fixture('<start-selling-modal api-url="/graphql"></start-selling-modal>'),
      'start-selling-modal',
    );
    modal.setAttribute('open', '');
    await modalDialog();
    modal.open = false;
    await until(() => !dialogOpen(), 'the dialog closed');
    expect(modal.hasAttribute('open')).to.equal(false);
  });

  it('given the reader closes the dialog with Esc should drop the open attribute and say start-selling-hide', async () => {
    const modal = await mountModal();
    await modal.show();
    const hidden = new Promise((resolve) => modal.addEventListener('start-selling-hide', resolve, { once: true }));
    await press('Escape');
    await hidden;
    expect([modal.open, modal.hasAttribute('open')]).to.deep.equal([false, false]);
  });

  it('given the close button is pressed should close', async () => {
    const modal = await mountModal();
    modal.show();
    const dialog = await modalDialog();
    byRole(dialog, 'button', 'Close').click();
    await until(() => !dialog.open, 'closed');
  });

  describe('given a signup succeeds in the modal', () => {
    it('should close it', async () => {
      const dialog = await signedUp(await mountModal('api-url="/graphql" ref="modal-test"'));
      await until(() => !dialog.open, 'closed on success');
    });

    it('should show the Success toast', async () => {
      await signedUp(await mountModal('api-url="/graphql" ref="modal-test"'));
      const toast = await until(() => byRole(modalRoot(), 'status').textContent, 'the toast');
      expect(toast).to.equal('SuccessKindly check your email');
    });

    it('should emit start-selling-success', async () => {
      const modal = await mountModal('api-url="/graphql" ref="modal-test"');
      let success = false;
      modal.addEventListener('start-selling-success', () => {
        success = true;
      });
      const dialog = await signedUp(modal);
      await until(() => !dialog.open, 'closed on success');
      expect(success).to.equal(true);
    });
  });

  describe('given a signup from a [data-start-selling] link', () => {
    it("given the link has data-partner should send its code, not the modal's", async () => {
      const partner = await partnerSentFrom(
        '<a href="#signup" data-start-selling data-partner="author-blog">Start Selling</a><start-selling-modal api-url="/graphql" partner="site-code"></start-selling-modal>',
      );
      expect(partner).to.equal('author-blog');
    });

    it("given the link has no data-partner should send the modal's partner", async () => {
      const partner = await partnerSentFrom(
        '<a href="#signup" data-start-selling>Start Selling</a><start-selling-modal api-url="/graphql" partner="site-code"></start-selling-modal>',
      );
      expect(partner).to.equal('site-code');
    });

    it("given the link has data-campaign should send its campaign, not the modal's", async () => {
      const sent = await attributionSentFrom(
        '<a href="#signup" data-start-selling data-partner="author-blog" data-campaign="issue-12">Start Selling</a><start-selling-modal api-url="/graphql" partner="site-code" campaign="site-campaign"></start-selling-modal>',
      );
      expect(sent).to.include({ partner: 'author-blog', campaign: 'issue-12' });
    });

    it("given a page without a modal and a link with data-partner should send the link's code", async () => {
      const partner = await partnerSentFrom(
        '<a href="#signup" data-start-selling data-partner="wp-author">Start Selling</a>',
      );
      expect(partner).to.equal('wp-author');
    });
  });

  describe('given pricing Get Started is pressed', () => {
    it('should open the modal', async () => {
      await getStartedPressed();
      await modalDialog();
    });

    it('should emit pricing-plan-select with the plan and period', async () => {
      const { selected } = await getStartedPressed();
      await modalDialog();
      expect(selected).to.deep.equal([{ plan: 'pro', period: 'annual' }]);
    });

    it('given the modal is closed with Esc should return focus to Get Started', async () => {
      const { pricing, button } = await getStartedPressed();
      await modalDialog();
      await press('Escape');
      await until(() => pricing.shadowRoot?.activeElement === button, 'focus back on Get Started');
    });
  });
});
