/** The carrier's public tracking page for a tracking number, or null when the carrier is unknown. */
export function trackingUrlFor(carrier: string | null, trackingNumber: string | null): string | null {
  if (!trackingNumber) return null;
  const n = encodeURIComponent(trackingNumber);
  const c = (carrier ?? '').toLowerCase();
  if (c.includes('usps')) return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
  if (c.includes('fedex')) return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
  if (c.includes('dhl')) return `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`;
  // UPS, and the built-in labels, which quote UPS services.
  return `https://www.ups.com/track?loc=en_US&tracknum=${n}`;
}
