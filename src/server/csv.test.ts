import { describe, expect, it } from 'vitest';
import { asIdentifier, asText, writeCsv } from './csv';

/** One value written as a file of one cell, without its record's CRLF. */
const cell = (value: string) => writeCsv([[value]]).replace(/\r\n$/, '');

describe('CSV', () => {
  it('neutralises formulas in free text', () => {
    expect(cell(asText('-2+3'))).toBe(`"'-2+3"`);
    expect(cell(asText('+44 20'))).toBe(`"'+44 20"`);
  });

  it('treats anything but letters, digits, "-" and "_" in an identifier as text', () => {
    expect(cell(asIdentifier('-abc_DEF-9'))).toBe('-abc_DEF-9');
    expect(cell(asIdentifier('42'))).toBe('42');
    expect(cell(asIdentifier('=SUM(A1)'))).toBe(`"'=SUM(A1)"`);
    expect(cell(asIdentifier('-1+cmd|x!A1'))).toBe(`"'-1+cmd|x!A1"`);
  });
});
