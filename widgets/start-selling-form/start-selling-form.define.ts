/** Defines <start-selling-form> (its name and options from start-selling-form.tag.ts) with its component and styles. */
import { defineWidget } from '../shared/define.js';
import { StartSellingForm } from './start-selling-form.component.js';
import { startSellingFormStyles } from './start-selling-form.styles.js';
import { options, tag } from './start-selling-form.tag.js';

defineWidget({ tag, options }, StartSellingForm, { styles: [startSellingFormStyles] });
