import { html } from 'lit-html';
import { href } from '../locales.js';

export function notFoundPage() {
  return html`<section class="section not-found">
  <div class="container">
    <h1>404 Page not found</h1>
    <p>The page you are looking for has moved or never existed.</p>
    <p><a class="button button-primary" href=${href('/')}>Go to the home page</a></p>
  </div>
</section>`;
}
