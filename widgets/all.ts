/** kasuwa-widgets.iife.js: every widget in one classic script, defined at once. */
import './start-selling-form/start-selling-form.define.js';
