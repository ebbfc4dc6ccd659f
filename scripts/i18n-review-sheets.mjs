/** The review kit's two sheets (scripts/i18n-review.mjs): the CSV a reviewer fills in, the HTML page they read. */

export const CSV_COLUMNS = ['id', 'status', 'english', 'translation', 'correction', 'reviewed', 'where', 'glossary'];

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
