/**
 * Where the widgets use a browser API newer than our floor (package.json "browserslist"): each behind a
 * feature test with a path that works without it, never a global polyfill a partner's page would see
 * (<dialog> is guarded in dialog.tsx). widgets/browser-floor.built.test.ts fails on any other use.
 */

/**
 * What the widgets cannot do without (custom elements, shadow DOM, IntersectionObserver): where one is
 * missing the loader upgrades nothing and every fallback form stays as it is.
 */
export const widgetsCanRun = () =>
  typeof customElements === 'object' &&
  typeof Element.prototype.attachShadow === 'function' &&
  typeof IntersectionObserver === 'function' &&
  typeof MutationObserver === 'function';

/** Object.hasOwn (Safari 15.4, Chrome 93). */
export function hasOwn(object: object, key: PropertyKey): boolean {
  // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is what this stands in for.
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Constructable stylesheets (Safari 16.4, Chrome 73): otherwise each root gets a <style>. */
export const constructableSheets =
  typeof ShadowRoot === 'function' &&
  'adoptedStyleSheets' in ShadowRoot.prototype &&
  typeof CSSStyleSheet === 'function' &&
  'replaceSync' in CSSStyleSheet.prototype;

const sheets = new Map<string, CSSStyleSheet>();

/** Adds CSS to a shadow root or the document: shared constructable sheets, else <style> elements. */
export function adoptStyles(root: ShadowRoot | Document, ...cssTexts: string[]): void {
  if (!constructableSheets) {
    const parent = root instanceof Document ? root.head : root;
    for (const text of cssTexts) {
      const style = document.createElement('style');
      style.textContent = text;
      parent.append(style);
    }
    return;
  }
  const adopted = cssTexts.map((text) => {
    let sheet = sheets.get(text);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      sheets.set(text, sheet);
    }
    return sheet;
  });
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...adopted];
}

/** form.requestSubmit() (Safari 16): a temporary submit button, clicked, validates and submits alike. */
export function requestSubmit(form: HTMLFormElement): void {
  if (typeof form.requestSubmit === 'function') {
    form.requestSubmit();
    return;
  }
  const button = document.createElement('button');
  button.type = 'submit';
  button.hidden = true;
  form.append(button);
  button.click();
  button.remove();
}
