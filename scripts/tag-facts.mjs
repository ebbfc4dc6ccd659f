/**
 * A module beside widgets/tags.ts as a bundle sees it: written from the lines of tags.ts with only the
 * facts asked of each <tag>.tag.ts, so the bundle takes those exports and none of the tag's metadata
 * (the docs' words). The widgets' build writes widgets/page-facts.ts so, the site's widgets/tag-options.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

/** `export const <name> = [{ <fact>: …, … }, …]` for `file`, in the order of the tags' names. */
export async function tagFactsModule(file, name, facts) {
  const list = path.join(path.dirname(file), 'tags.ts');
  // In the order of their names, as the module namespace gives them unbuilt (and to the CSP hashes).
  const lines = [...(await fs.promises.readFile(list, 'utf8')).matchAll(/^export \* as (\w+) from ('[^']+');$/gm)]
    .map(([, tag, from]) => [tag, from])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (lines.length === 0) throw new Error(`${list}: no \`export * as <name> from '<module>';\` line`);
  const imports = lines.map(([, from], i) => `import * as tag${i} from ${from};`);
  const each = lines.map((_, i) => `{ ${facts.map((fact) => `${fact}: tag${i}.${fact}`).join(', ')} }`);
  return `${imports.join('\n')}\nexport const ${name} = [${each.join(', ')}];`;
}
