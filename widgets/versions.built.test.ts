/**
 * The version the build served is the one packages/widgets/package.json names, with the integrity that
 * packages/widgets/releases.json and the guide's version table publish: widgets that changed under a
 * released version fail here until the version is bumped (docs/embedding.md#versions).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(file, 'utf8');
const built = JSON.parse(read('dist/widgets/integrity.json')) as { version: string; files: Record<string, string> };
const releases = JSON.parse(read('packages/widgets/releases.json')) as Record<string, Record<string, string>>;

describe('the widgets version', () => {
  it("given the build should be packages/widgets/package.json's version", () => {
    expect(built.version).toBe(JSON.parse(read('packages/widgets/package.json')).version);
  });

  it('given the released hashes of that version should be the bytes just built', () => {
    expect(built.files).toEqual(releases[built.version]);
  });

  it("given the guide's version table should publish that integrity", () => {
    const guide = read('docs/embedding.md');
    for (const integrity of Object.values(built.files)) expect(guide).toContain(integrity);
  });

  it('given the version kept in releases/ should be the same bytes as the build', () => {
    const kept = `releases/widgets/${built.version}/kasuwa-widgets.js`;
    expect(read(kept)).toBe(read('dist/widgets/kasuwa-widgets.js'));
  });
});
