/** Naira formatting (docs/site.md): en-NG, no decimals; compact from one million up. */
const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `12000` → `₦12,000`. */
export function formatNaira(amount: number): string {
  return naira.format(Number.isFinite(amount) ? amount : 0);
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
