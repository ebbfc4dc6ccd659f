import { html } from 'lit-html';

export type LegalSection = { id: string; title: string; paragraphs: string[] };

/** A numbered legal document with a table of contents; every section has an anchor. */
export function legalDocument(title: string, updated: string, intro: string, sections: LegalSection[]) {
  return html`<article class="section legal">
  <div class="container legal-container">
    <h1>${title}</h1>
    <p class="legal-updated">Last updated: ${updated}</p>
    <p>${intro}</p>
    <nav class="legal-toc" aria-labelledby="toc-title">
      <h2 id="toc-title">Contents</h2>
      <ol>${sections.map((s) => html`<li><a href="#${s.id}">${s.title}</a></li>`)}</ol>
    </nav>
    ${sections.map(
      (s, i) => html`<section id=${s.id} aria-labelledby="${s.id}-title">
      <h2 id="${s.id}-title">${i + 1}. ${s.title}</h2>
      ${s.paragraphs.map((p) => html`<p>${p}</p>`)}
    </section>`,
    )}
  </div>
</article>`;
}
