/**
 * The first paint in the reader's language (docs/languages.md#widgets), as built: the loader fetches a
 * widget's language chunk beside its code and the first render waits for it, the fallback on screen
 * meanwhile; without the chunk (offline), English. The test server holds a chunk, as a slow network.
 * Each language is used once in this file and its -classic twin (the page keeps a chunk it has).
 */
import { expect } from '@esm-bundle/chai';
import { chunksRequested, holdChunks, releaseChunks, until } from '../../testing/browser/browser.js';
import {
  englishWhenChunkFails,
  firstLabelOnceReleased,
  formFixture,
  LOADER,
} from '../../testing/browser/first-paint.js';

describe('the first paint of a widget', () => {
  const htmlLang = document.documentElement.getAttribute('lang');
  afterEach(() => {
    if (htmlLang === null) document.documentElement.removeAttribute('lang');
    else document.documentElement.setAttribute('lang', htmlLang);
  });

  // First: the page is fresh, so the loader fetches the widget's code now.
  it('given lang="ha" should fetch the language\'s chunk while the widget\'s code is on its way', async () => {
    await chunksRequested();
    await holdChunks('start-selling-form.define');
    const element = formFixture('lang="ha"');
    await import(LOADER);
    await until(async () => (await chunksRequested()).includes('widgets.ha'), 'the Hausa chunk asked for');
    expect(customElements.get('start-selling-form'), 'the code still on its way').to.equal(undefined);
    await releaseChunks();
    await until(() => element.shadowRoot?.querySelector('label')?.textContent === 'Adireshin imel', 'Hausa');
  });

  it('given lang="yo" and a slow network should show Yoruba first, the fallback meanwhile', async () => {
    await holdChunks('widgets.yo');
    await firstLabelOnceReleased(formFixture('lang="yo"'), 'Àdírẹ́sì ímeèlì');
  });

  it('given <html lang="ig"> and a slow network should show Igbo first, the fallback meanwhile', async () => {
    await holdChunks('widgets.ig');
    document.documentElement.setAttribute('lang', 'ig');
    await firstLabelOnceReleased(formFixture(), 'Adreesị email');
  });

  it('given its language chunk fails to load (offline) should show English rather than nothing', englishWhenChunkFails);
});
