/**
 * Control characters (C0, DEL, C1: NUL, line breaks, tabs, terminal escapes) have no place in a name,
 * a code or a URL we store. Input refuses them (PostgreSQL cannot store NUL; an escape in a store name
 * would drive an operator's terminal); output escapes any already stored.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export const hasControlCharacters = (text: string): boolean => text.search(CONTROL) !== -1;

/** `Clear\x1b[2J` → `Clear\u001b[2J`: visible, and inert in a terminal. */
export const printable = (text: string): string =>
  text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
