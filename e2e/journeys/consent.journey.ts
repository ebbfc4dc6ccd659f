/**
 * The cookie question opens and answers in every engine (docs/site.md#cookies-and-consent): a page of the
 * product with the third-party IDs set, in a frame on this origin. Reject all only: nothing may leave.
 */
import { expect } from '@esm-bundle/chai';
import { byRole, until } from '../../testing/browser/queries.js';

async function openSite(path: string): Promise<Document> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:360px;height:700px';
  frame.src = `/__site${path}`;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  return frame.contentDocument as Document;
}

describe('the cookie question', () => {
  it('given a first visit should open, take Reject all, and not open again on the next page', async () => {
    const page = await openSite('/');
    await until(() => page.querySelector<HTMLDialogElement>('dialog[data-consent]')?.open, 'the question', 10_000);
    const dialog = byRole(page.body, 'dialog', { name: 'Cookies on Kasuwa' }) as HTMLElement;
    expect(page.activeElement?.textContent).to.equal('Cookies on Kasuwa');
    (byRole(dialog, 'button', { name: 'Reject all' }) as HTMLElement).click();
    expect((dialog as HTMLDialogElement).open).to.equal(false);
    const stored = JSON.parse(page.defaultView?.localStorage.getItem('kasuwa-consent') ?? '{}');
    expect([stored.analytics, stored.marketing, stored.chat]).to.deep.equal([false, false, false]);
    expect(page.getElementById('kasuwa-ga')).to.equal(null);

    document.querySelector('iframe')?.remove();
    const next = await openSite('/pricing');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(next.querySelector<HTMLDialogElement>('dialog[data-consent]')?.open).to.equal(false);
    document.querySelector('iframe')?.remove();
  });
});
