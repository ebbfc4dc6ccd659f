/**
 * Widget release versions (`x.y.z`) in order: by major, then minor, then patch, each as a number.
 * Plain JavaScript so the build's scripts (scripts/build-releases.mjs) and the server share it.
 */

/** Negative when `a` is older than `b`, positive when newer, 0 when the same: a sort's comparator. */
export function compareVersions(a, b) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}
