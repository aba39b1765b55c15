// The shape of an exact decimal on the wire, apart from the arithmetic (decimal.ts), so that
// contracts can check amounts without bringing big.js into every page that has a form.

/** Matches a plain non-negative decimal: digits with an optional fraction, no sign, no exponent. */
export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;
