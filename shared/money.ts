/** Money helpers. Code and database hold integer cents; dollars exist only in JSON and on screen. */

/**
 * Multiplies `cents` by `numerator / denominator` and rounds half up to a whole cent.
 * Integer arithmetic only, so 0.5 cents never becomes 0.49999 by floating point.
 */
export function mulDivRoundHalfUp(cents: number, numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`cents must be a non-negative integer: ${cents}`);
  const product = BigInt(cents) * BigInt(numerator);
  const d = BigInt(denominator);
  return Number((product * 2n + d) / (d * 2n));
}

/** Cents as a JSON dollar number with two decimals (1999 → 19.99). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars (number or decimal string) to integer cents, rounding half up; only for trusted values. */
export function dollarsToCents(dollars: number | string): number {
  const value = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${dollars}`);
  return Math.round(value * 100 + Number.EPSILON * Math.sign(value));
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" from cents. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "$1,234.50" from a dollar amount as the API sends it. */
export function formatDollars(dollars: number | string): string {
  return usd.format(typeof dollars === 'string' ? Number(dollars) : dollars);
}
