/**
 * The snippet pinned to an exact widgets version (docs/embedding.md#versions): the newest version
 * packages/widgets/releases.json records, its one-file bundle (kasuwa-widgets.iife.js) and that file's
 * integrity, as the build recorded them (served too at /widgets/<version>/integrity.json).
 */
import releases from '../packages/widgets/releases.json' with { type: 'json' };
import { compareVersions } from './versions.mjs';

const [version] = Object.keys(releases).sort((a, b) => compareVersions(b, a));
if (!version) throw new Error('packages/widgets/releases.json records no widgets version');

export const PINNED_WIDGETS = {
  version,
  path: `/widgets/${version}/kasuwa-widgets.iife.js`,
  integrity: (releases as Record<string, Record<string, string>>)[version]!['kasuwa-widgets.iife.js']!,
};
