/**
 * The welcome e-mail's HTML part as a phone sees it: rendered in Chromium 360 px wide, full height, into
 * test-results/welcome-mail-360[-LANG].png (a partner-page signup, so the "why it came" line is the longer one).
 * `npx tsx --import ./scripts/lingui-register.mjs scripts/welcome-mail-picture.ts [en|pcm|ha|yo|ig]`;
 * for looking at, not asserted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { resolveLocale } from '../common/i18n.js';
import { welcomeEmail } from '../server/signups/welcome.js';
import { CHROMIUM_ARGS } from './chromium.mjs';

const locale = resolveLocale(process.argv[2]);
const out = path.resolve(`test-results/welcome-mail-360${locale === 'en' ? '' : `-${locale}`}.png`);
const { html } = welcomeEmail(
  {
    enteredOn: { partner: true, page: 'blog.partner.ng/selling-tips', code: null },
    requestedAt: '2026-12-01T08:05:00.000Z',
    stopUrl: 'https://kasuwa.shop/unsubscribe?t=YWRhQGV4YW1wbGUubmc.AAAAAAAAAAAAAAAAAAAAAA',
  },
  locale,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2 });
  await page.setContent(html);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  console.log(out);
} finally {
  await browser.close();
}
