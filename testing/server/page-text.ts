/**
 * A page's text as a reader sees it, for tests that read server-rendered HTML: no inline style or script,
 * tags gone (a <wbr> joins its neighbours, as it does on screen), apostrophes decoded, whitespace collapsed.
 */
export const pageText = (html: string) =>
  html
    .replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<wbr>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');
