// Compiled by scripts/i18n.mjs from locales/en.po: edit that file (or the code's English), not this one.
import type { Catalog } from '../i18n.js';

export const messages: Catalog = JSON.parse('{}');
