import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.js';

describe('csvCell', () => {
  it.each([
    ['ada@example.ng', 'ada@example.ng'],
    ['kasuwa.shop/pricing', 'kasuwa.shop/pricing'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ['+2348012345678', "'+2348012345678"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['promo;=1+2', `"promo;'=1+2"`],
    ['page;@SUM(1+1)', `"page;'@SUM(1+1)"`],
    ['a,-1', `"a,'-1"`],
    [null, ''],
    [3, '3'],
  ])('given %j should write %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('given a row should join the cells with commas and end with CRLF', () => {
    expect(csvRow(['a', null, 2])).toBe('a,,2\r\n');
  });
});
