/** Helpers for the browser tests (widgets/**\/*.test.js), which run against the built bundle. */

/** Polls `check` until it returns something truthy, or fails naming `what`. */
export async function until(check, what, timeout = 4000) {
  const started = performance.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() - started > timeout) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Types a whole value into an input the way React notices it (native setter + input event). */
export function type(input, value) {
  input.focus();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
