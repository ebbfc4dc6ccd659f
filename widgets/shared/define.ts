/**
 * Registers a React component as a custom element (r2wc) with an open shadow root and its styles.
 * Defining a tag twice is harmless: a page may load our script more than once.
 * Every option is live (frameworks set them after creating the element): r2wc re-renders on a changed
 * attribute or property; on top of it a removed attribute returns the option to its default, and a
 * property a framework set before the tag was defined is picked up when it is.
 */
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { captureFallback } from './fallback.js';
import { adoptStyles, baseStyles } from './styles.js';

type PropTypes = Record<string, 'string' | 'number' | 'boolean' | 'json' | 'method' | 'function'>;

// r2wc keeps its props and render method under these registered symbols.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');
type R2wcElement = HTMLElement & {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
  connectedCallback(): void;
};

/** What a widget's element offers a subclass (`extend`). */
export type WidgetElement = HTMLElement & {
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
};

const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function defineWidget<P extends object>(
  tag: string,
  component: ComponentType<P>,
  options: {
    styles: string[];
    props?: PropTypes;
    /** Adds element members (e.g. the modal's show() and open) on top of the r2wc class. */
    extend?: (base: { new (): WidgetElement }) => { new (): HTMLElement };
  },
): void {
  if (customElements.get(tag)) return;
  const propNames = Object.keys(options.props ?? {});
  const Base = r2wc(component as ComponentType<P & { container?: HTMLElement }>, {
    shadow: 'open',
    props: (options.props ?? {}) as never,
  }) as unknown as { new (): R2wcElement };
  class Widget extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, baseStyles, ...options.styles);
    }
    override connectedCallback() {
      // Before the first render hides the fallback: what the reader typed there carries into the widget.
      const carries = captureFallback(this);
      // A value set on the element before its tag was defined sits in an own property that hides
      // r2wc's accessor: move it through the accessor so it reaches the component.
      for (const name of propNames) {
        if (!Object.hasOwn(this, name)) continue;
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        if (value !== undefined) (this as unknown as Record<string, unknown>)[name] = value;
      }
      // The reader is using the fallback: the widget replaces it in this same task (not a later one),
      // so no keystroke lands between the two and focus never drops to the page.
      if (carries) flushSync(() => super.connectedCallback());
      else super.connectedCallback();
    }
    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      // r2wc ignores a removed attribute; the option goes back to its default instead.
      if (value === null) {
        delete this[R2WC_PROPS][camelCase(name)];
        this[R2WC_RENDER]();
        return;
      }
      super.attributeChangedCallback(name, old, value);
    }
  }
  customElements.define(tag, options.extend ? options.extend(Widget) : Widget);
}
