/**
 * Finds what a reader perceives, as Testing Library does: by role and accessible name (from
 * dom-accessibility-api; roles skip what assistive tech does not see, across shadow boundaries, unless
 * `hidden: true`; label and text queries do not), by label or by text, inside a shadow root or any node;
 * `until` waits. For the widget tests (through browser.ts) and the e2e journeys.
 */
import { computeAccessibleName, getRole, isSubtreeInaccessible } from 'dom-accessibility-api';

/** A name or text to match: a string matches the whole of it (whitespace collapsed), a RegExp any part. */
export type TextMatch = string | RegExp;
export type RoleOptions = {
  name?: TextMatch;
  /** Also elements hidden from assistive tech. */
  hidden?: boolean;
  /** Headings: their level. */
  level?: number;
  /** Toggle buttons: aria-pressed. */
  pressed?: boolean;
  /** aria-busy. */
  busy?: boolean;
};
/** A role with options, or a role and a name. */
export type RoleQuery = { role: string } & RoleOptions;

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
const matches = (text: string, match: TextMatch) =>
  typeof match === 'string' ? normalize(text) === normalize(match) : match.test(normalize(text));
const show = (match: TextMatch) => (typeof match === 'string' ? JSON.stringify(match) : String(match));

/** The accessible name assistive tech announces for `element` (`hidden`: counting hidden content too). */
export const accessibleName = (element: Element, hidden = false): string =>
  normalize(computeAccessibleName(element, { hidden }));

/** Landmarks a tag implies only when named (HTML-AAM): an unnamed <section> or <form> has no role. */
const NAMED_LANDMARKS = new Set(['section', 'form']);

/** The element's role: its first `role` token, else the implicit role of its tag (null: none). */
export function roleOf(element: Element): string | null {
  const role = getRole(element);
  if (!element.hasAttribute('role') && NAMED_LANDMARKS.has(element.localName) && !accessibleName(element)) return null;
  return role;
}

/** The parent across a shadow boundary (a shadow root's children have the host as parent). */
const parentOf = (node: Element): Element | null =>
  node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);

/** Hidden from assistive tech: it or an ancestor in any tree hidden, or a light-DOM child no slot shows. */
export function isInaccessible(element: Element): boolean {
  if (getComputedStyle(element).visibility === 'hidden') return true;
  for (let node: Element | null = element; node; node = parentOf(node)) {
    if (isSubtreeInaccessible(node)) return true;
    if (node.parentElement?.shadowRoot && !node.assignedSlot) return true;
  }
  return false;
}

function describeRoot(root: ParentNode): string {
  if (root instanceof ShadowRoot) return `the shadow root of <${root.host.localName}>`;
  if (root instanceof Document) return 'the document';
  return `<${(root as Element).localName}>`;
}

export function describeQuery(role: string, options: RoleOptions): string {
  const parts = [`role "${role}"`];
  if (options.name !== undefined) parts.push(`name ${show(options.name)}`);
  for (const key of ['level', 'pressed', 'busy', 'hidden'] as const) {
    if (options[key] !== undefined) parts.push(`${key} ${options[key]}`);
  }
  return parts.join(', ');
}

/** What a failed query saw, to read beside what it wanted. */
function inventory(root: ParentNode): string {
  const seen = [...root.querySelectorAll('*')]
    .filter((element) => roleOf(element) && !isInaccessible(element))
    .map((element) => `${roleOf(element)} ${JSON.stringify(accessibleName(element))}`);
  if (seen.length === 0) return 'nothing with a role';
  return seen.length > 30 ? `${seen.slice(0, 30).join(', ')} and ${seen.length - 30} more` : seen.join(', ');
}

const asOptions = (options: TextMatch | RoleOptions | undefined): RoleOptions =>
  typeof options === 'string' || options instanceof RegExp ? { name: options } : (options ?? {});

/** Every element in `root` with `role` (and the name and states asked for), in document order. */
export function queryAllByRole<T extends Element = HTMLElement>(
  root: ParentNode,
  role: string,
  nameOrOptions?: TextMatch | RoleOptions,
): T[] {
  const options = asOptions(nameOrOptions);
  return [...root.querySelectorAll<T>('*')].filter((element) => {
    if (roleOf(element) !== role) return false;
    if (!options.hidden && isInaccessible(element)) return false;
    // A hidden element (a closed dialog) keeps its name: it is what the reader hears once it shows.
    if (options.name !== undefined && !matches(accessibleName(element, isInaccessible(element)), options.name)) {
      return false;
    }
    if (options.level !== undefined) {
      const level = Number(element.getAttribute('aria-level') ?? element.localName.slice(1));
      if (level !== options.level) return false;
    }
    if (options.pressed !== undefined && (element.getAttribute('aria-pressed') === 'true') !== options.pressed) {
      return false;
    }
    if (options.busy !== undefined && (element.getAttribute('aria-busy') === 'true') !== options.busy) return false;
    return true;
  });
}

/** The one element with `role` (and name…), null when there is none; more than one is a failure. */
export function queryByRole<T extends Element = HTMLElement>(
  root: ParentNode,
  role: string,
  nameOrOptions?: TextMatch | RoleOptions,
): T | null {
  const found = queryAllByRole<T>(root, role, nameOrOptions);
  if (found.length > 1) {
    const names = found.map((element) => JSON.stringify(accessibleName(element))).join(', ');
    throw new Error(
      `${found.length} elements with ${describeQuery(role, asOptions(nameOrOptions))} in ${describeRoot(root)}: ${names}`,
    );
  }
  return found[0] ?? null;
}

/** The one element with `role` (and name…); none or several is a failure naming them. */
export function byRole<T extends Element = HTMLElement>(
  root: ParentNode,
  role: string,
  nameOrOptions?: TextMatch | RoleOptions,
): T {
  const found = queryByRole<T>(root, role, nameOrOptions);
  if (!found) {
    throw new Error(
      `No element with ${describeQuery(role, asOptions(nameOrOptions))} in ${describeRoot(root)}; it shows: ${inventory(root)}`,
    );
  }
  return found;
}

/** Every element with `role` (and name…); none is a failure. */
export function allByRole<T extends Element = HTMLElement>(
  root: ParentNode,
  role: string,
  nameOrOptions?: TextMatch | RoleOptions,
): T[] {
  const found = queryAllByRole<T>(root, role, nameOrOptions);
  if (found.length === 0) {
    throw new Error(
      `No element with ${describeQuery(role, asOptions(nameOrOptions))} in ${describeRoot(root)}; it shows: ${inventory(root)}`,
    );
  }
  return found;
}

/** The one form control labelled `label` (aria-labelledby, aria-label or a <label>), or null; several fail. */
export function queryByLabel<T extends Element = HTMLInputElement>(root: ParentNode, label: TextMatch): T | null {
  const found = [...root.querySelectorAll<T>('*')].filter((element) => {
    const labelled =
      element.hasAttribute('aria-labelledby') ||
      element.hasAttribute('aria-label') ||
      ((element as unknown as HTMLInputElement).labels?.length ?? 0) > 0;
    return labelled && matches(accessibleName(element), label);
  });
  if (found.length > 1) throw new Error(`${found.length} elements labelled ${show(label)} in ${describeRoot(root)}`);
  return found[0] ?? null;
}

/** The one form control labelled `label`; none or several is a failure. */
export function byLabel<T extends Element = HTMLInputElement>(root: ParentNode, label: TextMatch): T {
  const found = queryByLabel<T>(root, label);
  if (!found) {
    const labels = [...root.querySelectorAll('label')].map((each) => JSON.stringify(normalize(each.textContent ?? '')));
    throw new Error(`Nothing labelled ${show(label)} in ${describeRoot(root)}; labels: ${labels.join(', ') || 'none'}`);
  }
  return found;
}

/**
 * The elements showing `text`: whose whole text matches, none of whose children's does (the innermost
 * element holding it). Hidden ones too: this finds what is seen, and aria-hidden text is seen.
 */
export function queryAllByText<T extends Element = HTMLElement>(root: ParentNode, text: TextMatch): T[] {
  const holds = (element: Element) =>
    !['script', 'style'].includes(element.localName) && matches(element.textContent ?? '', text);
  return [...root.querySelectorAll<T>('*')].filter(
    (element) => holds(element) && ![...element.children].some((child) => holds(child)),
  );
}

/** The one element showing `text`; none or several is a failure. */
export function byText<T extends Element = HTMLElement>(root: ParentNode, text: TextMatch): T {
  const found = queryAllByText<T>(root, text);
  if (found.length !== 1) {
    throw new Error(
      `${found.length || 'No'} element${found.length === 1 ? '' : 's'} showing ${show(text)} in ${describeRoot(root)}`,
    );
  }
  return found[0] as T;
}

/**
 * Polls `check` (which may be async) until it returns something truthy, or fails naming `what`. A check
 * that throws (byRole finding nothing yet) is tried again; at the time-out its last error is the reason.
 */
export async function until<T>(
  check: () => T | null | undefined | false | '' | Promise<T | null | undefined | false | ''>,
  what: string,
  timeout = 4000,
) {
  const started = performance.now();
  for (;;) {
    let failure: unknown;
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      failure = error;
    }
    if (performance.now() - started > timeout) {
      const reason = failure instanceof Error ? `: ${failure.message}` : '';
      throw new Error(`Timed out waiting for ${what}${reason}`, { cause: failure });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
