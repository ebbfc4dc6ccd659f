/**
 * Naira formatting (docs/site.md): en-NG, no decimals; compact from one million up. Written out by
 * hand rather than with Intl.NumberFormat, which gives the same text: building the first en-NG
 * formatter loads the locale's data on the main thread, about 30 ms on our test host and several
 * times that on a cheap phone, in the middle of the first render of the plans and the rank dialog.
 */

/** The digits of a whole, non-negative number as Intl prints them: shortest round-trip, then zeros. */
function wholeDigits(value: number): string {
  const text = String(value);
  const exponent = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(text);
  if (!exponent) return text;
  const [, first, rest = '', power] = exponent;
  return first + rest + '0'.repeat(Number(power) - rest.length);
}

/** `12000` → `₦12,000`; halves round away from zero, as Intl's default does. */
export function formatNaira(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const grouped = wholeDigits(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₦${grouped}`;
}

const COMPACT_STEPS = ['M', 'G', 'T', 'P', 'E'] as const;

/** Below 1,000,000 the full amount; from there M, G, T, P, E with one decimal, `.0` trimmed. */
export function formatCompactNaira(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const sign = value < 0 ? '-' : '';
  let scaled = Math.abs(value);
  if (scaled < 1_000_000) return formatNaira(value);
  scaled /= 1_000_000;
  let step = 0;
  // Round first so 999,999,999 shows as 1G rather than 1000M.
  while (Math.round(scaled * 10) / 10 >= 1000 && step < COMPACT_STEPS.length - 1) {
    scaled /= 1000;
    step += 1;
  }
  const rounded = (Math.round(scaled * 10) / 10).toFixed(1).replace(/\.0$/, '');
  return `${sign}₦${rounded}${COMPACT_STEPS[step]}`;
}
