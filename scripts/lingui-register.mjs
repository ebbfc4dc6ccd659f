/** `--import` this to compile Lingui's macros in source loaded by tsx (scripts/lingui-hooks.mjs). */
import { register } from 'node:module';

register('./lingui-hooks.mjs', import.meta.url);
