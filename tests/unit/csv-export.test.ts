import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../../renderer/src/components/data-table/csv-format.ts';

/*
 * The window's Export CSV is opened by people in spreadsheets: a cell that would run as a formula
 * is neutralised with a leading apostrophe (OWASP's CSV injection rule); plain numbers stay numbers.
 */
describe("the window's CSV export", () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['-cmd|calc', "'-cmd|calc"],
    ['   =HYPERLINK("http://x.test")', `"'   =HYPERLINK(""http://x.test"")"`],
    ['\u00a0@SUM(1)', "'\u00a0@SUM(1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['\nfoo', `"'\nfoo"`],
  ])('neutralises the formula lead of %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['-41.40', '-41.40'],
    ['+3', '+3'],
    ['1,5', '"1,5"'],
    ['Ștefănescu SRL', 'Ștefănescu SRL'],
    ['a=b', 'a=b'],
    ['e-mail@shop.test', 'e-mail@shop.test'],
  ])('keeps %j as it is', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes numbers as numbers, negative ones included, and lines as RFC 4180', () => {
    expect(csvLine([-41.4, 1432.07, '=cmd', null, true])).toBe("-41.4,1432.07,'=cmd,,1\r\n");
  });
});
