import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { pageLocale, t } from '../locales.js';

/** A section's heading is translated; its paragraphs are the English text (see legalDocument). */
export type LegalSection = {
  id: string;
  title: MessageDescriptor;
  paragraphs: string[];
  /** Translated content after the English paragraphs (the cookies section's Cookie settings link). */
  after?: () => unknown;
};

const legalText = {
  updated: msg({ id: 'site.legal.updated', message: 'Last updated: {date}' }),
  contents: msg({ id: 'site.legal.contents', message: 'Contents' }),
  englishOnly: msg({
    id: 'site.legal.englishOnly',
    message: 'The text of this document is in English, the language in which it binds; the headings are translated.',
  }),
};

/**
 * A numbered legal document with a table of contents; every section has an anchor. In every language
 * the headings are translated but the body stays the English text that binds (marked lang="en", so
 * screen readers and the widgets read it as English), with a note saying so (docs/languages.md).
 */
export function legalDocument(title: MessageDescriptor, updated: string, intro: string, sections: LegalSection[]) {
  const english = pageLocale() === 'en';
  const body = (text: string) => (english ? html`<p>${text}</p>` : html`<p lang="en">${text}</p>`);
  return html`<article class="section legal">
  <div class="container legal-container">
    <h1>${t(title)}</h1>
    <p class="legal-updated">${t(legalText.updated, { date: updated })}</p>
    ${english ? '' : html`<p class="legal-note">${t(legalText.englishOnly)}</p>`}
    ${body(intro)}
    <nav class="legal-toc" aria-labelledby="toc-title">
      <h2 id="toc-title">${t(legalText.contents)}</h2>
      <ol>${sections.map((s) => html`<li><a href="#${s.id}">${t(s.title)}</a></li>`)}</ol>
    </nav>
    ${sections.map(
      (s, i) => html`<section id=${s.id} class="render-when-near" aria-labelledby="${s.id}-title">
      <h2 id="${s.id}-title">${i + 1}. ${t(s.title)}</h2>
      ${s.paragraphs.map(body)}${s.after?.()}
    </section>`,
    )}
  </div>
</article>`;
}
