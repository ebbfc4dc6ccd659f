/**
 * The embed builder's contrast check: WCAG's relative luminance and contrast ratio, and which text
 * pairs fall under AA's 4.5:1.
 */
import { describe, expect, it } from 'vitest';
import { contrastProblems, contrastRatio, relativeLuminance } from './contrast.js';
import { COLOUR_DEFAULTS } from './snippets.js';

describe('contrast', () => {
  it('given black and white should give luminance 0 and 1 and the ratio 21:1, either way round', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
  });

  it('given known pairs should give the ratios WCAG tools give', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#0b6e4f', '#ffffff')).toBeCloseTo(6.29, 1);
  });

  it("given the widgets' colours should find no problem", () => {
    expect(contrastProblems({ ...COLOUR_DEFAULTS })).toEqual([]);
  });

  it('given a light primary colour should name the button text and link pairs, rounded down', () => {
    const problems = contrastProblems({ ...COLOUR_DEFAULTS, '--kasuwa-primary': '#777777' });
    expect(problems).toEqual([
      { text: '--kasuwa-primary-contrast', background: '--kasuwa-primary', ratio: 4.4 },
      { text: '--kasuwa-primary', background: '--kasuwa-surface', ratio: 4.4 },
    ]);
  });
});
