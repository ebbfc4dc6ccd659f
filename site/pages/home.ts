import { html } from 'lit-html';
import { signupForm } from '../parts/signup-form.js';

export function homePage() {
  return html`<section class="hero" id="signup">
  <div class="container hero-grid">
    <div>
      <h1>Sell online in minutes. No website skills, no monthly bills.</h1>
      <p class="lead">Open a free online store, share it on WhatsApp and Instagram, and get paid straight into your bank account. Built for Nigerian creators and small businesses.</p>
      ${signupForm('hero')}
    </div>
  </div>
</section>
<section class="section" id="about">
  <div class="container">
    <h2>Everything you need, all in one place</h2>
  </div>
</section>`;
}
