/**
 * Registers a React component as a custom element with an open shadow root and its styles; r2wc mounts
 * it. Until it renders, or if it throws, a slot shows the partner's fallback. The element owns its
 * options, as relative-time-element does: each an attribute and a reflected property, live, one set
 * before the tag was defined picked up when it is. Defining a tag twice is harmless.
 */
import r2wc from '@r2wc/react-to-web-component';
import {
  Component,
  type ComponentType,
  createElement,
  type ReactNode,
  useLayoutEffect,
  useSyncExternalStore,
} from 'react';
import { flushSync } from 'react-dom';
import { adoptStyles } from './compat.js';
import { readerInFallback } from './fallback.js';
import { LanguageProvider, languageArrival } from './i18n.js';
import { baseStyles } from './styles.js';
import { propertyName, type TagModule } from './tag.js';

// The widgets import emit from here, whose chunk every page with a widget loads: from events.ts alone
// it would be a chunk of its own (one more request before interaction).
export { emit } from './events.js';
export { adoptStyles };

/** What a widget's element offers a subclass (`extend`). */
export type WidgetElement = HTMLElement & {
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
};

type Options = Readonly<Record<string, string | undefined>>;
// An element's options and the renders waiting on them, on the element (before React mounts) under
// keys of ours, so they are neither public API nor r2wc's.
const OPTIONS = Symbol('options');
const RENDERS = Symbol('renders');
const MOUNT = Symbol('mount');
const RENDER_FIRST = Symbol('renderFirst');
const MOUNTED = Symbol('mounted');
const UNMOUNT = Symbol('unmount');
type OptionStore = HTMLElement & { [OPTIONS]: Options; [RENDERS]: Set<() => void> };

/** Work waiting for a task of its own: one message each, which background tabs do not throttle as timers. */
const queued: (() => void)[] = [];
let channel: MessageChannel | undefined;
function inTaskOfItsOwn(work: () => void) {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queued.shift()?.();
  }
  queued.push(work);
  channel.port2.postMessage(null);
}

const failed = new Set<string>();
/** The slot each element's constructor put in its shadow root, to show the fallback until React renders. */
const upgradeSlots = new WeakMap<Element, HTMLSlotElement>();
/** Elements whose upgrade failed (their styles could not be added): they never mount, the fallback stays. */
const unstyled = new WeakSet<Element>();
/** A widget that cannot run says so once per tag, and its fallback content stays in view. */
function reportFailure(tag: string, error: unknown) {
  if (failed.has(tag)) return;
  failed.add(tag);
  console.error(`[kasuwa-widgets] <${tag}> could not start; its fallback content stays`, error);
}

class FallbackOnError extends Component<{ tag: string; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportFailure(this.props.tag, error);
  }
  override render() {
    // A default slot shows the element's light-DOM content: the partner's fallback form.
    return this.state.failed ? createElement('slot') : this.props.children;
  }
}

/** The accessor `name` has on the element's class or a base class, if any. */
function accessorOf(element: HTMLElement, name: string): PropertyDescriptor | undefined {
  for (let proto = Object.getPrototypeOf(element); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return descriptor.set ? descriptor : undefined;
  }
  return undefined;
}

/**
 * A value set on the element before its tag was defined (an option, the modal's `open`) sits in an own
 * property that hides the class's accessor: it is moved through the accessor, so it takes effect.
 */
function upgradeProperties(element: HTMLElement) {
  const own = element as unknown as Record<string, unknown>;
  for (const name of Object.keys(element)) {
    if (!accessorOf(element, name)) continue;
    const value = own[name];
    delete own[name];
    own[name] = value;
  }
}

/** Defines `element.tag`, its options (`element.options`) each a string attribute and a reflected property. */
export function defineWidget<P extends object>(
  element: Pick<TagModule, 'tag' | 'options'>,
  component: ComponentType<P>,
  options: {
    styles: string[];
    /** Adds element members (e.g. the modal's show() and open) on top of the widget's class. */
    extend?: (base: { new (): WidgetElement }) => { new (): HTMLElement };
  },
): void {
  const { tag } = element;
  if (customElements.get(tag)) return;

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
    // The widget is in place: the slot the constructor added gives way (the boundary's own stays).
    useLayoutEffect(() => upgradeSlots.get(host)?.remove(), [host]);
    return createElement(
      FallbackOnError,
      { tag },
      createElement(
        LanguageProvider,
        { host },
        createElement(component as ComponentType<Record<string, unknown>>, { ...current, container }),
      ),
    );
  }

  const Base = r2wc(Connected as ComponentType<{ container: ShadowRoot }>, { shadow: 'open' }) as unknown as {
    new (): HTMLElement & { connectedCallback(): void; disconnectedCallback(): void };
  };

  class Widget extends Base {
    [OPTIONS]: Options = {};
    [RENDERS] = new Set<() => void>();
    /** The unmount a disconnect asked for, done at the next frame unless the element is back by then. */
    [UNMOUNT]: number | undefined;
    /** Rendered, or its first render is on its way. */
    [MOUNTED] = false;

    static get observedAttributes() {
      return [...element.options];
    }

    constructor() {
      super();
      const root = this.shadowRoot;
      if (!root) return;
      // The slot first: should anything after it throw, the fallback is still what the reader sees.
      const slot = document.createElement('slot');
      root.append(slot);
      upgradeSlots.set(this, slot);
      try {
        adoptStyles(root, baseStyles, ...options.styles);
      } catch (error) {
        unstyled.add(this);
        reportFailure(tag, error);
      }
    }

    override connectedCallback() {
      // Moved (out and back in within a frame): the widget is still mounted, with its state, what was
      // typed, an open dialog and any request in flight.
      if (this[UNMOUNT] !== undefined) {
        cancelAnimationFrame(this[UNMOUNT]);
        this[UNMOUNT] = undefined;
        if (this[MOUNTED]) return;
      }
      if (unstyled.has(this)) return;
      // Before the first render, the fallback stays until the reader's language is here (i18n.ts).
      const language = upgradeSlots.get(this)?.parentNode ? languageArrival(this) : undefined;
      if (language) void language.then(() => this.isConnected && this[MOUNT]());
      else this[MOUNT]();
    }

    /**
     * The first render, its commit (which hides the fallback) and its effects (which make the form's
     * fields live) in one task, so no key the reader presses lands between them (fallback.ts). A reader
     * in the fallback gets it at once; otherwise each widget gets a task of its own, as React would give it.
     */
    [MOUNT]() {
      if (this[MOUNTED]) return;
      this[MOUNTED] = true;
      if (readerInFallback(this)) this[RENDER_FIRST]();
      else inTaskOfItsOwn(() => this[RENDER_FIRST]());
    }

    [RENDER_FIRST]() {
      if (!this.isConnected) {
        this[MOUNTED] = false;
        return;
      }
      try {
        upgradeProperties(this);
        flushSync(() => super.connectedCallback());
      } catch (error) {
        reportFailure(tag, error);
      }
    }

    override disconnectedCallback() {
      if (this[UNMOUNT] !== undefined) return;
      this[UNMOUNT] = requestAnimationFrame(() => {
        this[UNMOUNT] = undefined;
        if (this.isConnected) return;
        this[MOUNTED] = false;
        super.disconnectedCallback();
      });
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      this[OPTIONS] = { ...this[OPTIONS], [propertyName(name)]: value ?? undefined };
      for (const render of this[RENDERS]) render();
    }
  }
  for (const attribute of element.options) {
    const name = propertyName(attribute);
    Object.defineProperty(Widget.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: Widget) {
        return this[OPTIONS][name];
      },
      // Reflected: the attribute is the one place an option lives; null or undefined removes it.
      set(this: Widget, value: unknown) {
        if (value == null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  customElements.define(tag, options.extend ? options.extend(Widget) : Widget);
}
