/**
 * CSV for spreadsheets (RFC 4180; OWASP's CSV injection advice): a cell with a comma, semicolon, quote
 * or line break is quoted, and a formula start (=, +, -, @, tab, carriage return) at the start of a
 * cell or after a separator gets an apostrophe, so a code typed by a stranger never runs in Excel or
 * Sheets, in comma or semicolon locales alike.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') text = text.replace(/(^|[,;\t])(?=[=+\-@\t\r])/g, "$1'");
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
