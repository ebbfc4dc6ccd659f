/**
 * What the WordPress plugin needs of the widgets' facts, from their one source each: tags, attributes
 * (for kses) and host sizes from each tag's metadata (widgets/metadata.ts), plans from common/plans.ts.
 * PHP cannot import them, so `npm run generate` writes them into widget-data.json (scripts/generate.ts).
 */

import { translatorFor } from '../../common/lingui.js';
import { formatNaira } from '../../common/money.js';
import { RANK_PAGE_PATH } from '../../common/page-renderers.js';
import { ANNUAL_SAVING_LABEL, periodLabel, plans } from '../../common/plans.js';
import { widgetMetadata } from '../../widgets/metadata.js';

export const WIDGET_DATA_FILE = 'integrations/wordpress/widget-data.json';

/** In English: the plugin translates the plans' words with the catalogs (scripts/wordpress-i18n.mjs). */
const t = translatorFor('en');

function widgetData() {
  return {
    note: 'Generated from widgets/<tag>/<tag>.tag.ts (through widgets/metadata.ts) and common/plans.ts by integrations/wordpress/widget-data.ts; do not edit.',
    paths: { signup: '/start-selling', rank: RANK_PAGE_PATH },
    tags: Object.fromEntries(
      widgetMetadata.map((w) => {
        const size = w.hostSize;
        return [
          w.tag,
          {
            // `ref` is the partner code's older name, still read by the widgets.
            attributes: [
              ...w.attributes.map((a) => a.name),
              ...(w.attributes.some((a) => a.name === 'partner') ? ['ref'] : []),
            ],
            minHeight: size.display === 'block' ? size.minHeight : '',
          },
        ];
      }),
    ),
    plans: {
      savingLabel: t(ANNUAL_SAVING_LABEL),
      periodLabel: { annual: t(periodLabel('annual')), monthly: t(periodLabel('monthly')) },
      list: plans.map((plan) => ({
        id: plan.id,
        title: t(plan.title),
        description: t(plan.description),
        price: { annual: formatNaira(plan.prices.annual), monthly: formatNaira(plan.prices.monthly) },
        benefits: plan.benefits.map((benefit) => t(benefit)),
        free: plan.free,
        recommended: plan.recommended,
      })),
    },
  };
}

export const widgetDataJson = () => `${JSON.stringify(widgetData(), null, 2)}\n`;
