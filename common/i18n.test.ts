import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message.js';
import { resolveDisplayLocale, resolveLocale } from './i18n.js';

describe('resolveLocale', () => {
  it('takes the language and ignores the region', () => {
    expect(resolveLocale('ha-NG')).toBe('ha');
    expect(resolveLocale('YO')).toBe('yo');
    expect(resolveLocale('pcm_NG')).toBe('pcm');
    expect(resolveLocale('ig')).toBe('ig');
  });
  it('answers English for an unknown, empty or missing tag', () => {
    expect(resolveLocale('fr-FR')).toBe('en');
    expect(resolveLocale('')).toBe('en');
    expect(resolveLocale(null)).toBe('en');
    expect(resolveLocale('pseudo')).toBe('en');
    expect(resolveDisplayLocale('pseudo')).toBe('pseudo');
  });
});

describe('formatMessage (Lingui compiled messages)', () => {
  const sales = [['count', 'plural', { one: ['#', ' sale'], other: ['#', ' sales'] }]] as const;
  it('fills values and plural branches, numbers as in en-NG', () => {
    expect(formatMessage('en', ['Hello ', ['name'], '!'], { name: 'Ada' })).toBe('Hello Ada!');
    expect(formatMessage('en', sales as never, { count: 1 })).toBe('1 sale');
    expect(formatMessage('en', sales as never, { count: 12500 })).toBe('12,500 sales');
  });
  it('takes an exact branch first and falls back to other', () => {
    const message = [['count', 'plural', { '=0': ['none'], other: ['#', ' tallace'] }]];
    expect(formatMessage('ha', message as never, { count: 0 })).toBe('none');
    // Yoruba has no "one": its rules answer "other".
    expect(formatMessage('yo', sales as never, { count: 1 })).toBe('1 sales');
  });
  it('shows the id of a missing message', () => {
    expect(formatMessage('en', undefined, {}, 'form.submit')).toBe('form.submit');
  });
});
