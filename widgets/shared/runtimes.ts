/**
 * The shared runtimes a tag's define chunk needs evaluated first (its `runtimes`), each imported on
 * its own by the loader, in its own task (widgets/registry.ts).
 */
export const react = () => import('./runtime-react.js');
export const forms = () => import('./runtime-forms.js');
