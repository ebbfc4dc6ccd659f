/**
 * The loader's address on our origin as partners' pages load it (docs/embedding.md#versions): the newest
 * of the major version they were written for. `/widgets/kasuwa-widgets.js`, kept for pages written
 * before versions, serves this server's build, whatever its major.
 */
export const WIDGETS_LOADER_PATH = '/widgets/v1/kasuwa-widgets.js';
