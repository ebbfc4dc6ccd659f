/**
 * What the first-paint language tests share (widgets/shared/language-first-paint*.browser.ts): the
 * bundles from /first-paint/widgets/ (web-test-runner.config.mjs: URLs no other test file fetches, so
 * the browser asks the server, which can hold or fail them), the form, and every label it has shown.
 */
import { expect } from '@esm-bundle/chai';
import { byRole, failChunks, find, fixture, releaseChunks, until } from './browser.js';

export const ENGLISH = 'Email address';
export const LOADER = '/first-paint/widgets/kasuwa-widgets.js';
export const CLASSIC = '/first-paint/widgets/kasuwa-widgets.iife.js';

/** A signup form with fallback content, `attributes` on it. */
export const formFixture = (attributes = '') =>
  find(
    fixture(`<start-selling-form api-url="/graphql" ${attributes}><p>fallback</p></start-selling-form>`),
    'start-selling-form',
  );

/**
 * Each text the element's field label showed, in order, from its first render on: observed from the
 * upgrade (the shadow root is made then; React renders in a later task).
 */
export function labelsShown(element: HTMLElement): string[] {
  const shown: string[] = [];
  const record = () => {
    const text = element.shadowRoot?.querySelector('label')?.textContent;
    if (text && text !== shown[shown.length - 1]) shown.push(text);
  };
  void customElements.whenDefined(element.localName).then(() => {
    if (element.shadowRoot)
      new MutationObserver(record).observe(element.shadowRoot, { childList: true, subtree: true, characterData: true });
  });
  return shown;
}

/** A frame and a task: long enough for a render the upgrade scheduled (the test asserts none came). */
export const aFrameLater = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * With its language's chunk held: once the element has upgraded, still the fallback at its reserved
 * height and no text of the widget; once released, the first label shown is `label`.
 */
export async function firstLabelOnceReleased(element: HTMLElement, label: string) {
  const shown = labelsShown(element);
  await until(() => customElements.get(element.localName) && element.shadowRoot, 'the element upgraded', 8000);
  await aFrameLater();
  expect(shown, 'no text while the language is on its way').to.deep.equal([]);
  expect(element.getBoundingClientRect().height, 'the reserved height').to.equal(132);
  expect(element.textContent, 'the fallback still there').to.equal('fallback');
  await releaseChunks();
  await until(() => shown.length > 0, 'the widget rendered');
  await aFrameLater();
  expect(shown).to.deep.equal([label]);
}

/** With the language's chunk failing (offline): the widget renders all the same, in English. */
export async function englishWhenChunkFails() {
  await failChunks('widgets.pseudo');
  const element = formFixture('lang="pseudo"');
  const shown = labelsShown(element);
  await until(() => shown.length > 0, 'the widget rendered');
  expect(shown).to.deep.equal([ENGLISH]);
  expect(byRole(element.shadowRoot as ShadowRoot, 'button', 'Start Selling')).to.exist;
}
