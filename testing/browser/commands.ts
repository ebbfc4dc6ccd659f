/**
 * How the tests act on a page, alike in Chromium, Firefox and WebKit: real keys and viewport sizes
 * (answered by engine-commands.mjs: the runner's own commands do not drive WebKitWebDriver), and
 * typing a whole value at once without the runner (for pages that removed what it needs).
 */
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';

/** Presses the keys together, modifiers first: press('Enter'), press('Shift', 'Tab'). */
export const press = (...keys: string[]) => executeServerCommand('press-keys', { keys });

/** Types the text key by key into whatever has focus. */
export const typeKeys = (text: string) => sendKeys({ type: text });

type Size = { width: number; height: number };
/** Sizes the page's viewport; resolves with the size the engine's window could give (see engine-commands.mjs). */
export const viewport = (size: Size) => executeServerCommand<Size, Size>('viewport', size);

/** An idle moment, where the engine has requestIdleCallback (WebKit has not: a frame and a task there). */
export const idleMoment = () =>
  new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(resolve)
      : requestAnimationFrame(() => setTimeout(resolve, 0)),
  );

/** Types a whole value into an input the way React notices it (native setter + input event). */
export function type(input: HTMLInputElement, value: string) {
  input.focus();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
