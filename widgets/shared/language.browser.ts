/**
 * A widget's language (docs/languages.md#widgets), as built: its own `lang`, the nearest ancestor's,
 * `<html lang>`, else English; a live change keeps what the reader typed; each language a chunk of its own.
 */
import { expect } from '@esm-bundle/chai';
import {
  byLabel,
  byRole,
  chunksRequested,
  importLoader,
  mount,
  takeRequests,
  type,
  until,
} from '../../testing/browser/browser.js';

await importLoader();

const form = (attributes = '') =>
  `<start-selling-form api-url="/graphql" ${attributes}><p>fallback</p></start-selling-form>`;

/** The form once its field is labelled `label` (English until a language's chunk has come). */
async function formLabelled(html: string, label: string) {
  const { element, root } = await mount(html, 'start-selling-form', { role: 'textbox' });
  await until(() => root.querySelector('label')?.textContent === label, `the field labelled ${label}`);
  return { element, root };
}

describe("a widget's language", () => {
  const htmlLang = document.documentElement.getAttribute('lang');
  afterEach(() => {
    if (htmlLang === null) document.documentElement.removeAttribute('lang');
    else document.documentElement.setAttribute('lang', htmlLang);
  });

  it('given its own lang="ha-NG" should speak Hausa (the region ignored), loading only the Hausa chunk', async () => {
    await chunksRequested();
    const { root } = await formLabelled(form('lang="ha-NG"'), 'Adireshin imel');
    expect(byRole(root, 'button', 'Fara Sayarwa')).to.exist;
    const languages = (await chunksRequested()).filter((chunk) => chunk.startsWith('widgets.'));
    expect(languages).to.deep.equal(['widgets.ha']);
  });

  it("given no lang of its own should take the nearest ancestor's", async () => {
    const { root } = await formLabelled(
      `<div lang="ig"><section lang="yo"><p>${form()}</p></section></div>`,
      'Àdírẹ́sì ímeèlì',
    );
    expect(byRole(root, 'button', 'Bẹ̀rẹ̀ sí Ta Ọjà')).to.exist;
  });

  it('given no lang on it or an ancestor should take <html lang>', async () => {
    document.documentElement.setAttribute('lang', 'pcm');
    await formLabelled(form(), 'Your email address');
  });

  it('given a language we do not have should speak English, without an error', async () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    try {
      const { root } = await formLabelled(form('lang="fr-CA"'), 'Email address');
      expect(byRole(root, 'button', 'Start Selling')).to.exist;
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('given lang changes on an ancestor and then on the element should re-render in place, keeping what was typed', async () => {
    const { element, root } = await formLabelled(`<div lang="en">${form()}</div>`, 'Email address');
    const input = byLabel(root, 'Email address') as HTMLInputElement;
    input.focus();
    type(input, 'ada@example.com');
    element.parentElement?.setAttribute('lang', 'yo');
    await until(() => root.querySelector('label')?.textContent === 'Àdírẹ́sì ímeèlì', 'the label in Yoruba');
    element.setAttribute('lang', 'ig');
    await until(() => root.querySelector('label')?.textContent === 'Adreesị email', 'the label in Igbo');
    // The same field, not a new one: the text and the focus stayed.
    expect(byLabel(root, 'Adreesị email')).to.equal(input);
    expect(input.value).to.equal('ada@example.com');
    expect(root.activeElement).to.equal(input);
  });

  it('given a signup should send the language the reader sees', async () => {
    await takeRequests();
    const { root } = await formLabelled(form('lang="ha"'), 'Adireshin imel');
    type(byLabel(root, 'Adireshin imel'), 'musa@example.com');
    const button = byRole<HTMLButtonElement>(root, 'button', 'Fara Sayarwa');
    await until(() => !button.disabled, 'submit enabled');
    button.click();
    const request = await until(async () => (await takeRequests())[0], 'the signup request');
    expect((request.variables as { data: { locale?: string } }).data.locale).to.equal('ha');
  });
});
