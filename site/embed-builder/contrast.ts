/**
 * WCAG 2.2 contrast for the embed builder: relative luminance of an sRGB colour and the ratio of two
 * (1 to 21). Text needs 4.5:1 for AA (success criterion 1.4.3); the pairs checked are the ones the
 * widgets draw text with (button text on the primary colour, body, secondary and link text on the surface).
 */
import type { ColourProperty } from './snippets.js';

export const AA_TEXT = 4.5;

/** Relative luminance of `#rrggbb` (WCAG's definition, sRGB channels linearised). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** (lighter + 0.05) / (darker + 0.05), whichever order the colours come in. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Text colour on background colour, as the widgets draw them. */
export const TEXT_PAIRS: readonly (readonly [text: ColourProperty, background: ColourProperty])[] = [
  ['--kasuwa-primary-contrast', '--kasuwa-primary'],
  ['--kasuwa-text', '--kasuwa-surface'],
  ['--kasuwa-muted', '--kasuwa-surface'],
  ['--kasuwa-primary', '--kasuwa-surface'],
];

export type ContrastProblem = { text: ColourProperty; background: ColourProperty; ratio: number };

/** The pairs under AA, with their ratio rounded down to one decimal (4.49 is not 4.5). */
export function contrastProblems(colours: Record<ColourProperty, string>): ContrastProblem[] {
  return TEXT_PAIRS.map(([text, background]) => ({
    text,
    background,
    ratio: contrastRatio(colours[text], colours[background]),
  }))
    .filter(({ ratio }) => ratio < AA_TEXT)
    .map((problem) => ({ ...problem, ratio: Math.floor(problem.ratio * 10) / 10 }));
}
