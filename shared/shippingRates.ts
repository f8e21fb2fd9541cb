/**
 * Which shipping services buy nothing: a service that arrives no sooner than a cheaper one is named
 * as such in the rates answer (`noFasterThan`) and on screen, so nobody pays more for the same day.
 */

/** What the comparison reads of a rate: its name, its carrier price and its arrival day (YYYY-MM-DD or null). */
export type ComparableRate = { serviceName: string; costCents: number; deliveryDate: string | null };

/**
 * For each rate, the name of the cheapest service that costs less and arrives the same day or
 * sooner; null when none does or when either arrival day is unknown. Arrival is compared by day:
 * a morning delivery time on the same day is not sold as faster.
 */
export function noFasterThan(rates: readonly ComparableRate[]): (string | null)[] {
  return rates.map((rate) => {
    if (!rate.deliveryDate) return null;
    const cheaper = rates
      .filter(
        (other) => other !== rate && other.costCents < rate.costCents && other.deliveryDate !== null && other.deliveryDate <= (rate.deliveryDate as string),
      )
      .sort((a, b) => a.costCents - b.costCents);
    return cheaper[0]?.serviceName ?? null;
  });
}

/** "Arrives the same day as UPS Ground" / "Arrives no sooner than UPS Ground", or null for a rate that is faster. */
export function noFasterText(
  rate: { deliveryDate: string | null; noFasterThan: string | null },
  rates: readonly { serviceName: string; deliveryDate: string | null }[],
): string | null {
  if (!rate.noFasterThan) return null;
  const other = rates.find((r) => r.serviceName === rate.noFasterThan);
  return other && other.deliveryDate === rate.deliveryDate ? `Arrives the same day as ${rate.noFasterThan}` : `Arrives no sooner than ${rate.noFasterThan}`;
}
