/** `--import` this to compile Lingui's macros in source loaded by tsx (scripts/lingui-hooks.mjs). */
import { registerHooks } from 'node:module';
import { load } from './lingui-hooks.mjs';

registerHooks({ load });
