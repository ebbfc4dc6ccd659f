/**
 * Registers a React component as a custom element with an open shadow root and its styles; r2wc mounts
 * it. The element owns its options, as relative-time-element does: each is an attribute and a
 * reflected property, live, a removed one back to its default, one set before the tag was defined
 * picked up when it is. Defining a tag twice is harmless (a page may load our script twice).
 */
import r2wc from '@r2wc/react-to-web-component';
import { type ComponentType, createElement, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { captureFallback } from './fallback.js';
import { adoptStyles, baseStyles } from './styles.js';

/** What a widget's element offers a subclass (`extend`). */
export type WidgetElement = HTMLElement & {
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
};

type Options = Readonly<Record<string, string | undefined>>;
// An element's options and the renders waiting on them, on the element (before React mounts) under
// keys of ours, so they are neither public API nor r2wc's.
const OPTIONS = Symbol('options');
const RENDERS = Symbol('renders');
type OptionStore = HTMLElement & { [OPTIONS]: Options; [RENDERS]: Set<() => void> };

const kebabCase = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function defineWidget<P extends object>(
  tag: string,
  component: ComponentType<P>,
  options: {
    styles: string[];
    /** The options, each a string attribute (kebab-case) and property (camelCase). */
    props?: Record<string, 'string'>;
    /** Adds element members (e.g. the modal's show() and open) on top of the widget's class. */
    extend?: (base: { new (): WidgetElement }) => { new (): HTMLElement };
  },
): void {
  if (customElements.get(tag)) return;
  const names = Object.keys(options.props ?? {});

  /** The component, given the element's options as they are now and again whenever one changes. */
  function Connected({ container }: { container: ShadowRoot }) {
    const host = container.host as OptionStore;
    const current = useSyncExternalStore(
      (render) => {
        host[RENDERS].add(render);
        return () => host[RENDERS].delete(render);
      },
      () => host[OPTIONS],
    );
    return createElement(component as ComponentType<Record<string, unknown>>, { ...current, container });
  }

  const Base = r2wc(Connected as ComponentType<{ container: ShadowRoot }>, { shadow: 'open' }) as unknown as {
    new (): HTMLElement & { connectedCallback(): void };
  };

  class Widget extends Base {
    [OPTIONS]: Options = {};
    [RENDERS] = new Set<() => void>();

    static get observedAttributes() {
      return names.map(kebabCase);
    }

    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, baseStyles, ...options.styles);
    }

    override connectedCallback() {
      // Before the first render hides the fallback: what the reader typed there carries into the widget.
      const carries = captureFallback(this);
      // A value set on the element before its tag was defined sits in an own property that hides our
      // accessor: move it through the accessor so it reaches the component.
      for (const name of names) {
        if (!Object.hasOwn(this, name)) continue;
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        (this as unknown as Record<string, unknown>)[name] = value;
      }
      // The reader is using the fallback: the widget replaces it in this same task (not a later one),
      // so no keystroke lands between the two and focus never drops to the page.
      if (carries) flushSync(() => super.connectedCallback());
      else super.connectedCallback();
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      this[OPTIONS] = { ...this[OPTIONS], [camelCase(name)]: value ?? undefined };
      for (const render of this[RENDERS]) render();
    }
  }
  for (const name of names) {
    Object.defineProperty(Widget.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: Widget) {
        return this[OPTIONS][name];
      },
      // Reflected: the attribute is the one place an option lives; null or undefined removes it.
      set(this: Widget, value: unknown) {
        if (value == null) this.removeAttribute(kebabCase(name));
        else this.setAttribute(kebabCase(name), String(value));
      },
    });
  }
  customElements.define(tag, options.extend ? options.extend(Widget) : Widget);
}
