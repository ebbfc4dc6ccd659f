import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { href, t } from '../locales.js';

export function notFoundPage() {
  return html`<section class="section not-found">
  <div class="container">
    <h1>${t(msg({ id: 'site.notFound.heading', message: '404 Page not found' }))}</h1>
    <p>${t(msg({ id: 'site.notFound.text', message: 'The page you are looking for has moved or never existed.' }))}</p>
    <p><a class="button button-primary" href=${href('/')}>${t(msg({ id: 'site.notFound.home', message: 'Go to the home page' }))}</a></p>
  </div>
</section>`;
}
