/**
 * The language tag an element asks for (docs/languages.md#widgets), without React or the list of
 * languages, so the loader can fetch that language's chunk beside a widget's code at little cost.
 */

/** Its own `lang`, else the nearest ancestor's; inside another shadow root, `<html lang>` stands for the page. */
export const languageTagOf = (host: Element): string | null =>
  host.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.getAttribute('lang');
