/** Pricing: the four per-sheet prices, rush, pickup and the tax note, all read from shared/pricing.ts. */
import { formatCents } from '#shared/money';
import { PRICE_PER_PAGE_CENTS, PRINT_SIZES, PRINT_SIZE_LABELS, RUSH_FEE_CENTS, STATE_TAX_MILLIPERCENT, formatTaxRate, type PrintSize } from '#shared/pricing';
import { useShopConfig } from '../../data/config';

const SIZE_NOTES: Record<PrintSize, string> = {
  '24x36': 'ARCH D · the standard construction set',
  '30x42': 'ARCH E1 · large plans and site drawings',
};

export function Pricing() {
  // The counter's town and the pickup tax of its state, from the shop's configuration.
  const { shop } = useShopConfig();
  const pickupRate = formatTaxRate(STATE_TAX_MILLIPERCENT[shop.state] ?? 0);
  return (
    <section id="pricing" tabIndex={-1} aria-labelledby="pricing-title" className="scroll-mt-20 py-16 outline-none sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple, per-sheet pricing"
          lead="You pay per page of your PDF. No setup fees, no minimums: the price you see is the price you pay, before tax."
        />
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {PRINT_SIZES.map((size) => (
            <div key={size} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <div className="flex items-baseline justify-between gap-4">
                <h3 className="text-xl font-semibold text-slate-900">{PRINT_SIZE_LABELS[size]}</h3>
                <span className="text-xs font-medium uppercase tracking-wide text-slate-500">per sheet</span>
              </div>
              <p className="mt-1 text-sm text-slate-600">{SIZE_NOTES[size]}</p>
              <dl className="mt-6 grid grid-cols-2 gap-4">
                <PriceTile label="Black & White" cents={PRICE_PER_PAGE_CENTS[size].bw} tone="bw" />
                <PriceTile label="Color" cents={PRICE_PER_PAGE_CENTS[size].color} tone="color" />
              </dl>
            </div>
          ))}
        </div>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Extra
            title="Rush service"
            value={`+${formatCents(RUSH_FEE_CENTS)}`}
            text="Flat per order. Ready in 1-4 hours; the checkout shows the exact ready-by time."
          />
          <Extra title={`Pickup in ${shop.city}, ${shop.state}`} value="Free" text="Ready in 24-48 hours, or by end of day for orders before 12 PM." />
          <Extra title="Shipping" value="Live rates" text="Ground, 2-day or overnight in a protective tube. Free shipping on orders over $100." />
          <Extra title="Sales tax" value={pickupRate} text={`${shop.state} ${pickupRate} for pickup; shipped orders use the destination state's rate.`} />
        </div>
        <p className="mt-6 text-center text-sm text-slate-600">
          Example: a 20-sheet 24" x 36" black and white set is {formatCents(PRICE_PER_PAGE_CENTS['24x36'].bw * 20)} before tax.
        </p>
      </div>
    </section>
  );
}

function PriceTile({ label, cents, tone }: { label: string; cents: number; tone: 'bw' | 'color' }) {
  return (
    <div className={`rounded-xl border p-4 ${tone === 'bw' ? 'border-slate-200 bg-slate-50' : 'border-blueprint-200 bg-blueprint-50'}`}>
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <span
          aria-hidden="true"
          className={`h-3 w-3 rounded-full ${tone === 'bw' ? 'bg-slate-800' : 'bg-[conic-gradient(#ef4444,#f59e0b,#22c55e,#3b82f6,#a855f7,#ef4444)]'}`}
        />
        {label}
      </dt>
      <dd className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{formatCents(cents)}</dd>
    </div>
  );
}

function Extra({ title, value, text }: { title: string; value: string; text: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white/90 p-5">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <span className="text-sm font-bold text-blueprint-700">{value}</span>
      </div>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
    </div>
  );
}

/** The heading every landing section opens with. */
export function SectionHeading({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-blueprint-700">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {lead && <p className="mt-4 text-base leading-relaxed text-slate-600">{lead}</p>}
    </div>
  );
}
