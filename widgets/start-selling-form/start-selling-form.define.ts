import { defineWidget } from '../shared/define.js';
import { StartSellingForm } from './start-selling-form.component.js';
import { startSellingFormStyles } from './start-selling-form.styles.js';

export const tag = 'start-selling-form';

defineWidget(tag, StartSellingForm, {
  styles: [startSellingFormStyles],
  props: { apiUrl: 'string', partner: 'string', campaign: 'string' },
});
