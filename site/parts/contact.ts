import { msg } from '@lingui/core/macro';
import { html } from 'lit-html';
import { brand } from '../../common/brand.js';
import { t } from '../locales.js';
import { appBadges } from './app-badges.js';
import { chatFacade } from './consent.js';

const contactText = {
  title: msg({ id: 'site.contact.title', message: 'Questions? Talk to a real person.' }),
  text: msg({
    id: 'site.contact.text',
    message:
      'Our support team in Lagos answers in English and Pidgin, Monday to Saturday, 8am to 8pm. Write to us, or download the app and open your store today.',
  }),
  email: msg({ id: 'site.contact.email', message: 'Email {email}' }),
  chat: msg({ id: 'site.contact.chat', message: 'Chat with us' }),
  getApp: msg({ id: 'site.contact.getApp', message: 'Get the {brand} app' }),
};

/** The shared contact/download block; the live-chat button only where a chat is configured (parts/consent.ts). */
export function contactBlock() {
  return html`<section class="section contact" id="customer-support" aria-labelledby="customer-support-title">
  <div class="container contact-card">
    <div>
      <h2 id="customer-support-title">${t(contactText.title)}</h2>
      <p>${t(contactText.text)}</p>
      <p class="contact-actions">
        <a class="button button-light" href="mailto:${brand.supportEmail}">${t(contactText.email, { email: brand.supportEmail })}</a>
        ${chatFacade(t(contactText.chat))}
      </p>
    </div>
    <div>
      <p class="contact-download">${t(contactText.getApp, { brand: brand.name })}</p>
      ${appBadges()}
    </div>
  </div>
</section>`;
}
