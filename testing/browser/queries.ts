/**
 * Finds what a reader perceives, the way Testing Library does: by role and accessible name, by label or
 * by text, inside a shadow root or any node; `until` waits for a condition. For the widget browser tests
 * (through browser.ts) and the e2e journeys: no test hooks here.
 */

/*
 * Queries by role, accessible name and label inside a shadow root (or any node), the way Testing Library
 * finds elements: what a reader or assistive tech perceives, not the markup. Role: the `role` attribute,
 * else the implicit role of the tags our widgets use. Name: aria-labelledby, aria-label, <label> (for= or
 * wrapping), alt, <legend>, then the text content for roles named by it (buttons, links, headings…).
 * Role queries skip what is hidden from assistive tech (aria-hidden, hidden, display: none, a closed
 * dialog, light-DOM children no slot shows) unless `hidden: true`; label and text queries do not.
 */

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

const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image']);
/** Roles whose name comes from their content when nothing else names them. */
const NAMED_BY_CONTENT = new Set([
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'gridcell',
  'heading',
  'link',
  'menuitem',
  'option',
  'radio',
  'row',
  'rowheader',
  'switch',
  'tab',
  'tooltip',
  'treeitem',
]);

function implicitRole(element: Element): string | null {
  const tag = element.localName;
  if (/^h[1-6]$/.test(tag)) return 'heading';
  switch (tag) {
    case 'a':
    case 'area':
      return element.hasAttribute('href') ? 'link' : null;
    case 'button':
      return 'button';
    case 'input': {
      const type = (element as HTMLInputElement).type;
      if (BUTTON_INPUTS.has(type)) return 'button';
      if (type === 'hidden' || type === 'password' || type === 'file' || type === 'color') return null;
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (element.hasAttribute('list')) return 'combobox';
      return type === 'search' ? 'searchbox' : 'textbox';
    }
    case 'textarea':
      return 'textbox';
    case 'select':
      return (element as HTMLSelectElement).multiple || (element as HTMLSelectElement).size > 1
        ? 'listbox'
        : 'combobox';
    case 'option':
      return 'option';
    case 'dialog':
      return 'dialog';
    case 'ul':
    case 'ol':
    case 'menu':
      return 'list';
    case 'li':
      return 'listitem';
    case 'p':
      return 'paragraph';
    case 'fieldset':
      return 'group';
    case 'img':
      return element.getAttribute('alt') === '' ? 'presentation' : 'img';
    case 'progress':
      return 'progressbar';
    case 'output':
      return 'status';
    case 'nav':
      return 'navigation';
    case 'main':
      return 'main';
    case 'aside':
      return 'complementary';
    case 'article':
      return 'article';
    case 'hr':
      return 'separator';
    // Landmarks only when named (HTML-AAM).
    case 'section':
      return nameOf(element) ? 'region' : null;
    case 'form':
      return nameOf(element) ? 'form' : null;
    default:
      return null;
  }
}

/** The element's role: its first `role` token, else the implicit role of its tag (null: none). */
export function roleOf(element: Element): string | null {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  return explicit || implicitRole(element);
}

/** The parent across a shadow boundary (a shadow root's children have the host as parent). */
const parentOf = (node: Element): Element | null =>
  node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);

/** Hidden from assistive tech: by aria-hidden, `hidden`, display: none, a closed dialog, or no slot showing it. */
export function isInaccessible(element: Element): boolean {
  if (getComputedStyle(element).visibility === 'hidden') return true;
  for (let node: Element | null = element; node; node = parentOf(node)) {
    if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden')) return true;
    if (node.localName === 'dialog' && !node.hasAttribute('open')) return true;
    if (node.parentElement?.shadowRoot && !node.assignedSlot) return true;
    if (getComputedStyle(node).display === 'none') return true;
  }
  return false;
}

const renderedHidden = (element: Element) =>
  element.getAttribute('aria-hidden') === 'true' ||
  element.hasAttribute('hidden') ||
  getComputedStyle(element).display === 'none';

/** The text of the elements `ids` names, in the element's own tree. */
function referencedText(element: Element, ids: string): string {
  const tree = element.getRootNode() as Document | ShadowRoot;
  return ids
    .split(/\s+/)
    .map((id) => tree.getElementById(id))
    .map((referenced) => (referenced ? nameOf(referenced, { referenced: true }) : ''))
    .join(' ');
}

/** Text content as a name: hidden descendants left out, a control's own value not counted. */
function contentName(element: Element): string {
  let text = '';
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
    else if (
      child instanceof Element &&
      !renderedHidden(child) &&
      !['input', 'select', 'textarea'].includes(child.localName)
    ) {
      const inline = getComputedStyle(child).display.startsWith('inline');
      const part = nameOf(child, { inContent: true });
      text += inline ? part : ` ${part} `;
    }
  }
  return text;
}

/** The label of a form control: aria-labelledby, aria-label, then its <label>s. */
function labelOf(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) return normalize(referencedText(element, labelledBy));
  const label = element.getAttribute('aria-label');
  if (label?.trim()) return normalize(label);
  const labels = (element as HTMLInputElement).labels;
  return labels ? normalize([...labels].map((each) => contentName(each)).join(' ')) : '';
}

/** accname, the steps our markup needs: labelledby, aria-label, native labels, content, title. */
function nameOf(element: Element, how: { referenced?: boolean; inContent?: boolean } = {}): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy && !how.referenced) return normalize(referencedText(element, labelledBy));
  const label = element.getAttribute('aria-label');
  if (label?.trim()) return normalize(label);
  const tag = element.localName;
  if (tag === 'img') return normalize(element.getAttribute('alt') ?? '');
  if (tag === 'input' && BUTTON_INPUTS.has((element as HTMLInputElement).type)) {
    return normalize(
      (element as HTMLInputElement).value || ((element as HTMLInputElement).type === 'submit' ? 'Submit' : ''),
    );
  }
  if (['input', 'select', 'textarea'].includes(tag)) {
    return labelOf(element) || normalize(element.getAttribute('title') ?? element.getAttribute('placeholder') ?? '');
  }
  if (tag === 'fieldset') {
    const legend = [...element.children].find((child) => child.localName === 'legend');
    if (legend) return normalize(contentName(legend));
  }
  const role = element.getAttribute('role')?.trim().split(/\s+/)[0] || implicitRoleWithoutName(element);
  if (how.referenced || how.inContent || (role && NAMED_BY_CONTENT.has(role))) {
    const text = normalize(contentName(element));
    if (text) return text;
  }
  return normalize(element.getAttribute('title') ?? '');
}

/** The implicit role, without the landmarks that need a name (asking would go round in circles). */
const implicitRoleWithoutName = (element: Element) =>
  ['section', 'form'].includes(element.localName) ? null : implicitRole(element);

/** The accessible name assistive tech announces for `element`. */
export const accessibleName = (element: Element): string => nameOf(element);

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
    if (options.name !== undefined && !matches(accessibleName(element), options.name)) return false;
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
    return labelled && matches(labelOf(element), label);
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
