import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { appBadges } from './app-badges.js';

/**
 * The shared contact/download block. The live-chat button stays hidden until the chat script has
 * loaded (site/client/third-party.ts), so nobody clicks a button that does nothing.
 */
export function contactBlock() {
  return html`<section class="section contact" id="customer-support" aria-labelledby="customer-support-title">
  <div class="container contact-card">
    <div>
      <h2 id="customer-support-title">Questions? Talk to a real person.</h2>
      <p>Our support team in Lagos answers in English and Pidgin, Monday to Saturday, 8am to 8pm. Write to us, or download the app and open your store today.</p>
      <p class="contact-actions">
        <a class="button button-light" href="mailto:${brand.supportEmail}">Email ${brand.supportEmail}</a>
        <button class="button button-outline-light" type="button" data-open-chat hidden>Chat with us</button>
      </p>
    </div>
    <div>
      <p class="contact-download">Get the ${brand.name} app</p>
      ${appBadges()}
    </div>
  </div>
</section>`;
}
