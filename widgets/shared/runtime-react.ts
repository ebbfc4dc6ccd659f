/**
 * React and the custom-element wrapper, imported by the loader on their own before any widget: the
 * browser evaluates them in one task and the widget code in later ones, so no single long task holds
 * a cheap phone's main thread while the widgets start.
 */
export { default as r2wc } from '@r2wc/react-to-web-component';
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
