/**
 * The widget API as Markdown, from each tag's metadata (widgets/metadata.ts): the reference tables of
 * docs/widgets-api.md and the options table and events list of docs/embedding.md. `npm run generate`
 * (and the build) writes them between marker comments (`<!-- generated: NAME -->` … `<!-- end generated:
 * NAME -->`); scripts/generate.test.ts fails when a committed guide differs from what the metadata says.
 */
import { cssProperties, methodCall, propertyName, type WidgetMetadata, widgetMetadata } from '../widgets/metadata.js';
import { hostSizeCss } from '../widgets/shared/tag.js';

/** Text for a Markdown table cell: `|` would end the cell, `<` would start HTML. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;');
const code = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const table = (head: string[], rows: string[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

function tagReference(w: WidgetMetadata): string {
  const rows = [
    ...w.attributes.map((a) => [
      'attribute',
      `${code(a.name)} (property ${code(propertyName(a.name))}, ${code(a.type)})`,
      `${cell(a.description)}; default: ${cell(a.default)}`,
    ]),
    ...w.methods.map((m) => ['method', code(methodCall(m)), cell(m.description)]),
    ...w.events.map((e) => ['event', code(e.name), `${cell(e.description)}; \`detail\`: ${code(e.detail)}`]),
    ...w.parts.map((p) => ['part', code(p.name), cell(p.description)]),
    ['host size', code(hostSizeCss(w.hostSize)), cell(w.hostNote)],
  ];
  return [
    `### \`<${w.tag}>\``,
    '',
    w.description,
    '',
    '```html',
    w.example,
    '```',
    '',
    table(['kind', 'name', 'meaning'], rows),
  ].join('\n');
}

/** Every tag's table, then the custom properties (docs/widgets-api.md, region "reference"). */
export function apiReference(): string {
  return [
    ...widgetMetadata.map(tagReference),
    [
      '### Custom properties (every tag)',
      '',
      table(
        ['property', 'what it colours or sets (default)'],
        cssProperties.map((p) => [code(p.name), cell(p.description)]),
      ),
    ].join('\n'),
  ].join('\n\n');
}

/** One row per tag and option (docs/embedding.md, region "options"). */
export function optionsTable(): string {
  return table(
    ['tag', 'option', 'default'],
    widgetMetadata.flatMap((w) =>
      w.attributes.map((a) => [code(w.tag), `${code(a.name)}: ${cell(a.description)}`, cell(a.default)]),
    ),
  );
}

/** Each event once, with the tag that fires it and its detail (docs/embedding.md, region "events"). */
export function eventsList(): string {
  const byName = new Map<string, { tags: string[]; detail: string; description: string }>();
  for (const w of widgetMetadata) {
    for (const e of w.events) {
      const seen = byName.get(e.name);
      if (seen) seen.tags.push(w.tag);
      else byName.set(e.name, { tags: [w.tag], detail: e.detail, description: e.description });
    }
  }
  return [...byName]
    .map(
      ([name, e]) =>
        `- \`${name}\` (${e.tags.map((t) => `\`${t}\``).join(', ')}): ${e.description}; \`detail\`: \`${e.detail}\``,
    )
    .join('\n');
}

/** The generated regions of each guide, by file and region name. */
export function generatedRegions(): Record<string, Record<string, string>> {
  return {
    'docs/widgets-api.md': { reference: apiReference() },
    'docs/embedding.md': { options: optionsTable(), events: eventsList() },
  };
}

const markers = (name: string) => [`<!-- generated: ${name} -->`, `<!-- end generated: ${name} -->`] as const;

/** The guide with the region's content replaced (markers stay). */
function withRegion(text: string, name: string, content: string): string {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`missing markers for the generated region "${name}"`);
  return `${text.slice(0, from + start.length)}\n\n${content}\n\n${text.slice(to)}`;
}

/**
 * Each guide's text with every generated region rewritten from the metadata, from its text as `read`
 * gives it (the build and scripts/generate.ts write what differs).
 */
export function guideTexts(read: (file: string) => string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(generatedRegions()).map(([guide, regions]) => [
      guide,
      Object.entries(regions).reduce((text, [name, content]) => withRegion(text, name, content), read(guide)),
    ]),
  );
}
