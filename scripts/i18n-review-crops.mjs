/** The review kit's pictures (scripts/i18n-review.mjs): a crop of the built site around each translation. */

/** The longest piece of literal text of a translation (outside its {placeholders}), to find it on a page. */
async function needleOf(text) {
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  const pieces = [];
  const walk = (tokens) => {
    for (const token of typeof tokens === 'string' ? [tokens] : tokens) {
      if (typeof token === 'string') pieces.push(...token.split(/\s*\n\s*/));
      else if (token[2]) for (const branch of Object.values(token[2])) if (typeof branch !== 'number') walk(branch);
    }
  };
  try {
    walk(compileMessage(text));
  } catch {
    return '';
  }
  const longest = pieces.map((p) => p.replace(/\s+/g, ' ').trim()).sort((a, b) => b.length - a.length)[0] ?? '';
  return longest.length >= 3 ? longest.normalize('NFC') : '';
}

/**
 * Finds each message's translation on the built pages in the language (and the widgets on them, inside
 * their shadow roots) and takes a JPEG crop around the first place it is shown, outlined in red.
 * Returns id → { page, crop (data URL) } or { page, hidden: true } (in the markup, not shown).
 */
export async function takeCrops(locale, rows) {
  const { chromium } = await import('playwright-core');
  const { ensureChromium, CHROMIUM_ARGS } = await import('./chromium.mjs');
  const { startBuiltServer, PAGES } = await import('./with-server.mjs');
  const needles = [];
  for (const row of rows) {
    const needle = row.translation && (await needleOf(row.translation));
    const whole = needle === row.translation.replace(/\s+/g, ' ').trim().normalize('NFC');
    if (needle) needles.push({ id: row.id, needle, whole });
  }
  const server = await startBuiltServer(Number(process.env.PORT ?? 3240));
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const found = new Map();
  try {
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    // The pages, the widgets' page, a rank answer and the stop page (an invalid link) in the language.
    const extra = ['/widgets', '/new-year-sales/rank?domain=adaeze-fabrics', '/unsubscribe?t=invalid'];
    for (const pagePath of [...PAGES.map(([, p]) => p), ...extra]) {
      const address = locale === 'en' ? pagePath : `/${locale}${pagePath}`;
      await page.goto(`${server.base}${address}`);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        document.documentElement.style.scrollBehavior = 'auto';
      });
      // The loader upgrades widgets as they come near the viewport: pass by all of them once.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
      });
      await page.waitForLoadState('networkidle');
      const wanted = needles.filter(({ id }) => !found.get(id)?.crop);
      const located = await page.evaluate((list) => {
        const norm = (text) => text.normalize('NFC').replace(/\s+/g, ' ');
        const elements = [];
        const collect = (scope) => {
          for (const element of scope.querySelectorAll('*')) {
            elements.push(element);
            if (element.shadowRoot) collect(element.shadowRoot);
          }
        };
        collect(document);
        const visible = (element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && element.checkVisibility?.({ visibilityProperty: true }) !== false;
        };
        const places = elements.map((element) => ({
          element,
          own: norm(
            [...element.childNodes]
              .filter((n) => n.nodeType === Node.TEXT_NODE)
              .map((n) => n.data)
              .join(''),
          ),
          attributes: ['aria-label', 'placeholder', 'title', 'alt', 'value', 'content']
            .map((name) => element.getAttribute(name) ?? '')
            .map(norm)
            .join('\n'),
        }));
        window.__reviewTargets = new Map();
        const answer = {};
        for (const { id, needle, whole } of list) {
          // A short text whole ("Rank") only where it is all the element says; a longer one or a piece
          // between placeholders wherever it is.
          const fits = (text) => (whole && needle.length < 16 ? text.trim() === needle : text.includes(needle));
          const matches = places.filter((p) => fits(p.own) || p.attributes.split('\n').some(fits));
          if (!matches.length) continue;
          const shown = matches.find((p) => visible(p.element));
          if (shown) window.__reviewTargets.set(id, shown.element);
          answer[id] = shown ? 'shown' : 'hidden';
        }
        return answer;
      }, wanted);
      for (const [id, state] of Object.entries(located)) {
        if (state === 'hidden') {
          if (!found.has(id)) found.set(id, { page: address, hidden: true });
          continue;
        }
        const clip = await page.evaluate((key) => {
          const element = window.__reviewTargets.get(key);
          element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
          const box = element.getBoundingClientRect();
          const highlight = element instanceof SVGElement ? element.closest('svg') : element;
          highlight.dataset.reviewOutline = highlight.style.outline;
          highlight.style.outline = '3px solid #e11d48';
          const width = Math.min(innerWidth, Math.max(420, box.width + 48));
          const height = Math.min(260, Math.max(90, box.height + 48));
          const x = Math.max(0, Math.min(innerWidth - width, box.left + box.width / 2 - width / 2));
          const y = Math.max(0, Math.min(innerHeight - height, box.top + box.height / 2 - height / 2));
          return { x, y, width, height };
        }, id);
        const image = await page.screenshot({ clip, type: 'jpeg', quality: 55 });
        await page.evaluate((key) => {
          const element = window.__reviewTargets.get(key);
          const highlight = element instanceof SVGElement ? element.closest('svg') : element;
          highlight.style.outline = highlight.dataset.reviewOutline ?? '';
        }, id);
        found.set(id, { page: address, crop: `data:image/jpeg;base64,${image.toString('base64')}` });
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  return found;
}
