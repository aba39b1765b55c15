// CSV files that spreadsheets open safely: records end with CRLF, and free text never runs as a
// formula. Shared by every export (orders, users).
import { stringify, type Options } from 'csv-stringify/sync';

// Spreadsheets run a cell starting with one of these as a formula
// (https://owasp.org/www-community/attacks/CSV_Injection); a leading apostrophe makes it text.
// Not csv-stringify's escape_formulas: it applies to every column, identifiers included.
const FORMULA_START = /^[=+\-@\t\r]/;

// Letters, digits, '-' and '_' cannot call a function or open a link (no parentheses, quotes or
// '!'), so an identifier made of them is safe even when it starts with '-'.
const PLAIN_IDENTIFIER = /^[A-Za-z0-9_-]*$/;

// Cells holding an apostrophe are quoted too, as the exports always were, so files stay byte-identical.
const FORMAT: Options = { record_delimiter: 'windows', quoted_match: /'/ };

/** Free text as a cell's value: never read as a formula. */
export function asText(value: string | null): string {
  const v = value ?? '';
  return FORMULA_START.test(v) ? `'${v}` : v;
}

/**
 * An identifier the server made (an order's public id, a numeric id): kept exactly as it is, so it
 * can be searched and quoted, even an older id starting with '-'; anything else is treated as text.
 */
export function asIdentifier(value: string): string {
  return PLAIN_IDENTIFIER.test(value) ? value : asText(value);
}

/** The file: records of values already made safe by asText or asIdentifier, quoted where needed. */
export function writeCsv(records: string[][]): string {
  return stringify(records, FORMAT);
}
