/** The plugin's copy of the widgets' facts (widget-data.json) is what widget-data.ts makes of their sources. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIDGET_DATA_FILE, widgetData } from './widget-data.js';

const REGENERATE = `node --import tsx --import ./scripts/lingui-register.mjs -e "import('./integrations/wordpress/widget-data.ts').then((m) => require('fs').writeFileSync(m.WIDGET_DATA_FILE, m.widgetDataJson()))" && npx biome format --write ${WIDGET_DATA_FILE}`;

describe('WordPress plugin widget data', () => {
  it('given the widgets, their host sizes and the plans should match integrations/wordpress/widget-data.json', () => {
    expect(JSON.parse(fs.readFileSync(WIDGET_DATA_FILE, 'utf8')), `out of date; run: ${REGENERATE}`).toEqual(
      widgetData(),
    );
  });
});
