#!/usr/bin/env node
/**
 * The review kit for a native speaker (docs/languages.md#review): `npm run i18n:review -- LANG` writes
 * dist/i18n-review/LANG.html and LANG.csv (crops from the built site; `--no-crops` skips them);
 * `npm run i18n:review -- LANG --merge FILE` merges a returned CSV or edited PO into locales/LANG.po.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { englishHash, LOCALES, markReviewStatus, readCatalog, reviewStatus, writeCatalog } from './i18n.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'dist/i18n-review');
export const CSV_COLUMNS = ['id', 'status', 'english', 'translation', 'correction', 'reviewed', 'where', 'glossary'];

/** The glossary table of docs/languages.md: [{ english: ['store'], pcm: 'store', ha: 'shago', … }]. */
export function readGlossary(markdown = fs.readFileSync(path.join(root, 'docs/languages.md'), 'utf8')) {
  const section = markdown.split(/^## Glossary$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\|/.test(line) && !/^\|\s*-/.test(line));
  const [header, ...body] = rows.map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
  const codes = header.map((cell) => cell.match(/\((\w+)\)/)?.[1] ?? 'en');
  return body.map((cells) => {
    const row = Object.fromEntries(cells.map((cell, i) => [codes[i], cell]));
    // "sale, sell", "per month / per year", "Basic (the campaign's free plan)": each word group a term.
    const english = row.en
      .replace(/\(.*?\)/g, '')
      .split(/[,/]/)
      .map((term) => term.trim())
      .filter((term) => term.length > 1 && !/amount/.test(term));
    return { ...row, english };
  });
}

/** The glossary rows whose English term the message's English uses ("stores", "selling" count). */
export function glossaryFor(english, glossary) {
  return glossary.filter((row) =>
    row.english.some((term) => {
      const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/-/g, '[- ]?');
      return new RegExp(`\\b${escaped}(s|es|ing|ers?)?\\b`, 'i').test(english);
    }),
  );
}

/** Where a message is used, from the files that declare it. */
export function whereUsed(origins) {
  const places = origins.map(([file]) => {
    const widget = file.match(/^widgets\/([\w-]+)\//)?.[1];
    if (widget) return widget === 'shared' ? 'every widget' : `widget <${widget}>`;
    const page = file.match(/^site\/pages\/([\w-]+)\.ts$/)?.[1];
    if (page) return `page /${page === 'home' ? '' : page}`;
    if (file.startsWith('site/')) return `site (${path.basename(file, '.ts')})`;
    if (file.endsWith('/welcome-messages.ts')) return 'welcome e-mail';
    if (file.startsWith('integrations/wordpress/')) return 'WordPress plugin';
    if (file.startsWith('server/')) return `server answer (${path.basename(file, '.ts')})`;
    return `shared (${path.basename(file, '.ts')})`;
  });
  return [...new Set(places)].join('; ');
}

/** Every message of one language, in id order, with what a reviewer needs. */
export async function reviewRows(locale, glossary = readGlossary()) {
  const english = await readCatalog('en');
  const catalog = await readCatalog(locale);
  return Object.keys(english)
    .sort()
    .map((id) => {
      const source = english[id].translation || english[id].message || '';
      return {
        id,
        status: reviewStatus(catalog[id]),
        english: source,
        translation: catalog[id]?.translation ?? '',
        where: whereUsed(english[id].origin ?? []),
        glossary: glossaryFor(source, glossary)
          .map((row) => `${row.en} → ${row[locale] ?? ''}`)
          .join('; '),
      };
    });
}

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
async function takeCrops(locale, rows) {
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

const escapeHtml = (text) =>
  String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const csvCell = (value) => (/[",\n\r]/.test(value) ? `"${String(value).replace(/"/g, '""')}"` : String(value));

/** The CSV a reviewer fills in (UTF-8 with a BOM, so spreadsheet programs read the accents right). */
export function reviewCsv(rows) {
  const lines = rows.map((row) =>
    CSV_COLUMNS.map((column) => csvCell(column === 'correction' ? '' : column === 'reviewed' ? '' : row[column])),
  );
  return `\uFEFF${[CSV_COLUMNS, ...lines].map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

export function reviewHtml(locale, rows, crops = new Map()) {
  const drafts = rows.filter((row) => row.status === 'draft').length;
  const cropped = rows.filter((row) => crops.get(row.id)?.crop).length;
  const body = rows
    .map((row) => {
      const place = crops.get(row.id);
      const shot = place?.crop
        ? `<a href="${place.page}">${escapeHtml(place.page)}</a><br><img src="${place.crop}" alt="" loading="lazy">`
        : place?.hidden
          ? `in ${escapeHtml(place.page)}, shown only after an action (no crop)`
          : 'not on a page (e-mail, an answer, or a state a visit does not reach): no crop';
      return `<tr class="${row.status}" id="${escapeHtml(row.id)}"><td><code>${escapeHtml(row.id)}</code><br><span class="status">${row.status}</span></td>
<td lang="en">${escapeHtml(row.english)}</td><td lang="${locale}">${escapeHtml(row.translation) || '<em>missing</em>'}</td>
<td>${escapeHtml(row.glossary)}</td><td>${escapeHtml(row.where)}</td><td>${shot}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Kasuwa: ${locale} translations to review</title><style>
body{font:15px/1.45 system-ui,sans-serif;margin:24px;color:#14213d}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e2e8f0;padding:8px;vertical-align:top;text-align:left}th{position:sticky;top:0;background:#fff}
td:nth-child(2),td:nth-child(3){max-width:24em}td:last-child{width:440px}td img{max-width:100%;border:1px solid #e2e8f0;margin-top:4px}
.status{font-size:12px;padding:1px 8px;border-radius:9px;background:#fef3c7}.reviewed .status{background:#d1fae5}
label{margin-left:16px}body.drafts-only tr.reviewed{display:none}</style></head><body>
<h1>Kasuwa: translations into <code>${locale}</code> to review</h1>
<p>${rows.length} messages: <strong>${drafts} drafts</strong>, ${rows.length - drafts} reviewed; ${cropped} with a crop of where they are shown.
<label><input type="checkbox" onchange="document.body.classList.toggle('drafts-only', this.checked)"> drafts only</label></p>
<p>Send corrections back in <code>${locale}.csv</code> (the <em>correction</em> column for a new translation, <em>yes</em> in
<em>reviewed</em> for each line you approve, corrected or not), or as an edited <code>locales/${locale}.po</code>. Keep the
<code>{placeholders}</code> and the plural syntax as they are.</p>
<table><thead><tr><th>Message</th><th>English</th><th>Translation</th><th>Glossary</th><th>Used in</th><th>Where it is shown</th></tr></thead>
<tbody>
${body}
</tbody></table></body></html>
`;
}

/** Reads a returned CSV: id → { correction, reviewed, english }. */
export async function readReturnedCsv(file) {
  const { parse } = await import('csv-parse/sync');
  const records = parse(fs.readFileSync(file, 'utf8'), { columns: true, bom: true, skip_empty_lines: true });
  return new Map(
    records.map((r) => [
      r.id,
      {
        correction: (r.correction ?? '').trim(),
        reviewed: /^(yes|y|x|1|true)$/i.test((r.reviewed ?? '').trim()),
        english: r.english,
      },
    ]),
  );
}

/** Reads an edited PO file: id → { correction, reviewed } (reviewed: its `fuzzy` flag taken off, or `# reviewed`). */
export async function readReturnedPo(file, locale) {
  const { formatter } = await import('@lingui/format-po');
  const catalog = formatter({ lineNumbers: false }).parse(fs.readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: 'en',
  });
  return new Map(
    Object.entries(catalog).map(([id, entry]) => [
      id,
      {
        correction: entry.translation ?? '',
        reviewed:
          !(entry.extra?.flags ?? []).includes('fuzzy') ||
          (entry.extra?.translatorComments ?? []).some((c) => /^reviewed\b/.test(c.trim())),
      },
    ]),
  );
}

/**
 * Merges returned lines into a catalog, in place: a correction replaces the translation, and a line marked
 * reviewed is reviewed, unless its English (a CSV's) is no longer the current English: then the correction
 * is taken but the message stays a draft. Returns what it did.
 */
export function mergeReturned(catalog, english, returned) {
  const reviewed = new Set();
  const report = { corrected: 0, reviewed: 0, stale: [], unknown: [] };
  for (const [id, line] of returned) {
    const entry = catalog[id];
    if (!entry || !(id in english)) {
      report.unknown.push(id);
      continue;
    }
    const current = english[id].translation || english[id].message || '';
    if (line.correction && line.correction.normalize('NFC') !== entry.translation) {
      entry.translation = line.correction.normalize('NFC');
      report.corrected += 1;
      // A reviewed translation changed without the reviewer's yes is a draft again.
      if (!line.reviewed && entry.extra?.translatorComments)
        entry.extra.translatorComments = entry.extra.translatorComments.filter((c) => !/^reviewed\b/.test(c.trim()));
    }
    if (!line.reviewed) continue;
    if (line.english !== undefined && englishHash(line.english) !== englishHash(current)) report.stale.push(id);
    else reviewed.add(id);
  }
  // Lines not approved this time keep what they had; approved ones are stamped with the English's hash.
  markReviewStatus(catalog, english, { reviewed });
  report.reviewed = reviewed.size;
  return report;
}

async function main(args) {
  const locale = args.find((arg) => !arg.startsWith('--'));
  if (!locale || locale === 'en' || !LOCALES.includes(locale))
    throw new Error(
      `usage: npm run i18n:review -- <${LOCALES.filter((l) => l !== 'en').join('|')}> [--no-crops | --merge FILE]`,
    );
  const mergeAt = args.indexOf('--merge');
  if (mergeAt >= 0) {
    const file = args[mergeAt + 1];
    if (!file || !fs.existsSync(file)) throw new Error(`--merge needs a returned .csv or .po file: ${file ?? ''}`);
    const returned = file.endsWith('.po') ? await readReturnedPo(file, locale) : await readReturnedCsv(file);
    const english = await readCatalog('en');
    const catalog = await readCatalog(locale);
    const report = mergeReturned(catalog, english, returned);
    await writeCatalog(locale, catalog);
    console.log(
      `[i18n:review] locales/${locale}.po: ${report.corrected} corrected, ${report.reviewed} marked reviewed` +
        (report.stale.length ? `; left draft, English changed since: ${report.stale.join(', ')}` : '') +
        (report.unknown.length ? `; no such message: ${report.unknown.join(', ')}` : ''),
    );
    console.log('[i18n:review] next: node scripts/i18n.mjs && npx vitest run common/catalogs.test.ts');
    return;
  }
  const rows = await reviewRows(locale);
  const crops = args.includes('--no-crops') ? new Map() : await takeCrops(locale, rows);
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, `${locale}.html`), reviewHtml(locale, rows, crops));
  fs.writeFileSync(path.join(OUT, `${locale}.csv`), reviewCsv(rows));
  const drafts = rows.filter((row) => row.status === 'draft').length;
  const cropped = rows.filter((row) => crops.get(row.id)?.crop).length;
  const hidden = rows.filter((row) => crops.get(row.id)?.hidden).length;
  console.log(
    `[i18n:review] ${locale}: ${rows.length} messages, ${drafts} drafts, ${rows.length - drafts} reviewed; ` +
      `${cropped} cropped, ${hidden} in a page but not shown without an action, ${rows.length - cropped - hidden} not on a page`,
  );
  console.log(`[i18n:review] wrote ${path.relative(root, path.join(OUT, `${locale}.html`))} and ${locale}.csv`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
