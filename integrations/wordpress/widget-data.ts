/**
 * What the WordPress plugin needs to know about the widgets, from their one source each: the tags and
 * their attributes (widgets/metadata.ts, for kses), the room each tag takes (widgets/host-sizes.ts, for
 * the sized fallbacks) and the plans with their prices as the site writes them (common/plans.ts, for
 * the pricing fallback). PHP cannot import these, so they are written once into widget-data.json,
 * which the plugin reads; widget-data.test.ts fails when the file is out of date.
 */

import { formatNaira } from '../../common/money.js';
import { RANK_PAGE_PATH } from '../../common/page-renderers.js';
import { ANNUAL_SAVING_LABEL, periodLabel, plans } from '../../common/plans.js';
import { type HostSize, hostSizes } from '../../widgets/host-sizes.js';
import { widgetMetadata } from '../../widgets/metadata.js';

export const WIDGET_DATA_FILE = 'integrations/wordpress/widget-data.json';

export function widgetData() {
  return {
    note: 'Generated from widgets/metadata.ts, widgets/host-sizes.ts and common/plans.ts by integrations/wordpress/widget-data.ts; do not edit.',
    paths: { signup: '/start-selling', rank: RANK_PAGE_PATH },
    tags: Object.fromEntries(
      widgetMetadata.map((w) => {
        const size: HostSize = hostSizes[w.tag];
        return [
          w.tag,
          {
            // `ref` is the partner code's older name, still read by the widgets.
            attributes: [
              ...w.attributes.map((a) => a.name),
              ...(w.attributes.some((a) => a.name === 'partner') ? ['ref'] : []),
            ],
            minHeight: size.display === 'block' ? size.minHeight : 0,
          },
        ];
      }),
    ),
    plans: {
      savingLabel: ANNUAL_SAVING_LABEL,
      periodLabel: { annual: periodLabel('annual'), monthly: periodLabel('monthly') },
      list: plans.map((plan) => ({
        id: plan.id,
        title: plan.title,
        description: plan.description,
        price: { annual: formatNaira(plan.prices.annual), monthly: formatNaira(plan.prices.monthly) },
        benefits: plan.benefits,
        free: plan.free,
        recommended: plan.recommended,
      })),
    },
  };
}

export const widgetDataJson = () => `${JSON.stringify(widgetData(), null, 2)}\n`;
