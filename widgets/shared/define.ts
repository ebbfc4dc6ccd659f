/**
 * Registers a React component as a custom element (r2wc) with an open shadow root and its styles.
 * Defining a tag twice is harmless: a page may load our script more than once.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { adoptStyles, baseStyles } from './styles.js';

type PropTypes = Record<string, 'string' | 'number' | 'boolean' | 'json' | 'method' | 'function'>;

export function defineWidget<P extends object>(
  tag: string,
  component: ComponentType<P>,
  options: {
    styles: string[];
    props?: PropTypes;
    /** Adds element methods (e.g. the modal's show()) on top of the r2wc class. */
    extend?: (base: { new (): HTMLElement }) => { new (): HTMLElement };
  },
): void {
  if (customElements.get(tag)) return;
  const Base = r2wc(component as ComponentType<P & { container?: HTMLElement }>, {
    shadow: 'open',
    props: (options.props ?? {}) as never,
  });
  class Widget extends (Base as unknown as { new (): HTMLElement }) {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, baseStyles, ...options.styles);
    }
  }
  customElements.define(tag, options.extend ? options.extend(Widget) : Widget);
}
