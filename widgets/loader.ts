/**
 * kasuwa-widgets.js: the small script a page includes. It defines each tag only when the page uses
 * it (now or later, e.g. inserted by a CMS), importing that widget's chunk on demand.
 */
const widgets: Record<string, () => Promise<unknown>> = {
  'start-selling-form': () => import('./start-selling-form/start-selling-form.define.js'),
};

type LoaderState = { started: boolean };
const globalState = globalThis as typeof globalThis & { __kasuwaWidgets?: LoaderState };

function loadPresent(root: ParentNode): void {
  for (const [tag, load] of Object.entries(widgets)) {
    if (!customElements.get(tag) && root.querySelector(tag)) void load();
  }
}

if (!globalState.__kasuwaWidgets) {
  globalState.__kasuwaWidgets = { started: true };
  const start = () => {
    loadPresent(document);
    new MutationObserver(() => loadPresent(document)).observe(document.documentElement, {
      childList: true,
      subtree: true,
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
