/**
 * A reader quicker than the network: the fallback form is submitted while its widget's code is still
 * on its way. A fresh page, so the tag is not defined at the start.
 */
import { expect } from '@esm-bundle/chai';
import { byLabel, byRole, find, fixture, importLoader, takeRequests, until } from '../../testing/browser/browser.js';

await importLoader();

describe('a fallback form submitted before its widget has loaded', () => {
  it('should be sent once by the widget when its code comes, with what was typed, and not posted', async () => {
    await takeRequests();
    // The native post would land in the frame (and the test page would stay put).
    const container = fixture(
      `<iframe name="native-post" title="native post"></iframe><div style="height: 6000px"></div>
       <start-selling-form api-url="/graphql"><form method="post" action="/__native-post" target="native-post">
         <label>Email address <input name="email" type="email"></label><button type="submit">Start Selling</button>
       </form></start-selling-form>`,
    );
    const element = find(container, 'start-selling-form');
    const input = byLabel(element, 'Email address');
    input.focus({ preventScroll: true });
    input.value = 'quick.reader@example.com';
    // In the task of the focus that asked for the widget's code: it cannot have come yet.
    input.form?.requestSubmit();
    expect(customElements.get('start-selling-form')).to.equal(undefined);
    const root = await until(
      () => element.shadowRoot && byRole(element.shadowRoot, 'status').textContent && element.shadowRoot,
      'the success toast',
    );
    expect(root.textContent).to.contain('Kindly check your email');
    const sent = await takeRequests();
    const emails = sent.map((request) => (request.variables?.data as { email?: string } | undefined)?.email);
    expect(emails).to.deep.equal(['quick.reader@example.com']);
    // The frame is the test's own sink for a native post, not part of the widget.
    expect(find<HTMLIFrameElement>(container, 'iframe').contentWindow?.location.href).to.equal('about:blank');
  });
});
