/**
 * Every committed file derived from the tags' metadata is what `npm run generate` writes, byte for byte:
 * the guides' tables, the partner's <style> line, the WordPress block data (docs/adding-a-tag.md).
 */
import { describe, expect, it } from 'vitest';
import { WIDGET_DATA_FILE } from '../integrations/wordpress/widget-data.js';
import { generate, repositoryIo } from './generate.js';

/** generate() on the repository's files, `changed` given in place of theirs, recording what it writes and says. */
function run(check: boolean, changed: Record<string, string> = {}) {
  const written: string[] = [];
  const lines: string[] = [];
  const code = generate(check, {
    read: (file) => changed[file] ?? repositoryIo.read(file),
    write: (file) => written.push(file),
    log: (line) => lines.push(line),
  });
  return { code, written, lines };
}

describe('npm run generate', () => {
  it('given the committed files should find every derived file current', () => {
    const { code, lines } = run(true);
    expect(lines.filter((line) => !line.endsWith(': unchanged'))).toEqual([]);
    expect(lines).toHaveLength(4);
    expect(code).toBe(0);
  });

  it('given a stale file and --check should name it, write nothing and exit 1', () => {
    const stale = repositoryIo.read(WIDGET_DATA_FILE).replace('"132px"', '"100px"');
    const { code, written, lines } = run(true, { [WIDGET_DATA_FILE]: stale });
    expect(lines).toContain(`${WIDGET_DATA_FILE}: stale, run npm run generate`);
    expect(written).toEqual([]);
    expect(code).toBe(1);
  });

  it('given a stale <style> line should write that file only', () => {
    const file = 'testing/e2e/hosts/plain/index.html';
    const { code, written } = run(false, {
      [file]: repositoryIo.read(file).replace('min-height:52em', 'min-height:1em'),
    });
    expect(written).toEqual([file]);
    expect(code).toBe(0);
  });
});
