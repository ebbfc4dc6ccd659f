/**
 * CSV for spreadsheets (RFC 4180): cells with a comma, quote or line break are quoted, and a cell that
 * a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe, so an address or ref typed by a stranger can never execute in Excel or Sheets.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
