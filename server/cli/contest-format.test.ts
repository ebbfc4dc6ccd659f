import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from '../control-characters.js';
import { textTable } from './contest-format.js';

describe('textTable', () => {
  it('given a stored name with terminal escapes and a carriage return should print them as visible escapes', () => {
    const table = textTable([{ title: 'store' }, { title: 'name' }], [['s1', 'Clear\x1b[2J\x1b[31mRED\x07bell\rCR']]);
    expect(table).toBe('store  name\ns1     Clear\\u001b[2J\\u001b[31mRED\\u0007bell\\u000dCR');
    expect(hasControlCharacters(table.replaceAll('\n', ''))).toBe(false);
  });
});
