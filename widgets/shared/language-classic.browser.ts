/**
 * The classic script (kasuwa-widgets.iife.js) holds English only: another language is the same ES
 * chunk the loader uses, imported by URL from the script's own (scripts/i18n.mjs catalogsByUrl).
 */
import { expect } from '@esm-bundle/chai';
import { chunksRequested, loadScript, mount, until } from '../../testing/browser/browser.js';

await loadScript('/dist/widgets/kasuwa-widgets.iife.js');

describe('the classic script', () => {
  it('given lang="yo" should show Yoruba, from the Yoruba chunk', async () => {
    await chunksRequested();
    const { root } = await mount(
      '<start-selling-form lang="yo" api-url="/graphql"></start-selling-form>',
      'start-selling-form',
      { role: 'textbox' },
    );
    await until(() => root.querySelector('label')?.textContent === 'Àdírẹ́sì ímeèlì', 'the label in Yoruba');
    expect((await chunksRequested()).filter((chunk) => chunk.startsWith('widgets.'))).to.deep.equal(['widgets.yo']);
  });
});
