/** The landing hero: what the shop does, the lowest price, and the two ways in (upload, pricing). */
import { formatCents } from '#shared/money';
import { PRICE_PER_PAGE_CENTS } from '#shared/pricing';
import { scrollToSection } from './scroll';
import { ReadyByCountdown } from './ReadyByCountdown';
import { useTurnaround } from '../../data/turnaround';
import { useShopConfig } from '../../data/config';

const FROM = formatCents(PRICE_PER_PAGE_CENTS['24x36'].bw);

/**
 * The headline's promise: "today" while a rush order paid now is ready today, else the weekday of the
 * soonest promise ("Friday" on Thanksgiving), so the headline never promises a closed day.
 */
function soonestDay(rushText: string | undefined): string {
  if (!rushText || rushText.startsWith('Today')) return 'today';
  return rushText.split(',')[0];
}

export function Hero() {
  const turnaround = useTurnaround();
  const { shop } = useShopConfig();
  return (
    <section aria-labelledby="hero-title" className="hero-blueprint relative overflow-hidden text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/25 bg-white/10 px-3 py-1 text-xs font-medium tracking-wide text-blueprint-100">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-400" aria-hidden="true" />
            {shop.city}, {shop.state} · Pickup or shipped nationwide
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            Large-format blueprint printing, <span className="text-sky-300">ready {soonestDay(turnaround?.rush.text)}.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-blueprint-100">
            Upload your PDF drawing set, see the exact price per sheet, and pay online. 24" x 36" and 30" x 42", black and white or color, from {FROM} a sheet.
            Orders placed before 12 PM are ready by end of day.
          </p>
          <ReadyByCountdown className="mt-4 inline-flex rounded-md bg-emerald-400/15 px-3 py-2 text-base font-semibold text-emerald-100 ring-1 ring-emerald-300/30" />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => scrollToSection('upload')}
              className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-white px-6 text-base font-semibold text-blueprint-800 shadow-lg shadow-blueprint-900/30 transition hover:bg-blueprint-50"
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                <path d="M10 2.5a.75.75 0 0 1 .53.22l4 4a.75.75 0 1 1-1.06 1.06l-2.72-2.72V13a.75.75 0 0 1-1.5 0V5.06L6.53 7.78a.75.75 0 0 1-1.06-1.06l4-4A.75.75 0 0 1 10 2.5ZM3.75 12a.75.75 0 0 1 .75.75v2.5c0 .41.34.75.75.75h9.5c.41 0 .75-.34.75-.75v-2.5a.75.75 0 0 1 1.5 0v2.5A2.25 2.25 0 0 1 14.75 17.5h-9.5A2.25 2.25 0 0 1 3 15.25v-2.5a.75.75 0 0 1 .75-.75Z" />
              </svg>
              Upload &amp; Print Now
            </button>
            <button
              type="button"
              onClick={() => scrollToSection('pricing')}
              className="inline-flex h-12 items-center justify-center rounded-md border border-white/40 px-6 text-base font-semibold text-white transition hover:bg-white/10"
            >
              View Pricing
            </button>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-white/15 pt-6 text-sm">
            <div>
              <dt className="text-blueprint-200">Same day</dt>
              <dd className="mt-1 font-semibold">Before 12 PM</dd>
            </div>
            <div>
              <dt className="text-blueprint-200">Rush</dt>
              <dd className="mt-1 font-semibold">1-4 hours</dd>
            </div>
            <div>
              <dt className="text-blueprint-200">Pickup</dt>
              <dd className="mt-1 font-semibold">Free</dd>
            </div>
          </dl>
        </div>
        <SheetDrawing />
      </div>
    </section>
  );
}

/** A drawing sheet with a title block and dimension lines: the product, in the shop's own lines. */
function SheetDrawing() {
  return (
    <div className="mx-auto hidden w-full max-w-md lg:block" aria-hidden="true">
      <svg viewBox="0 0 400 300" className="w-full drop-shadow-2xl">
        <rect x="30" y="20" width="340" height="240" rx="2" fill="#0b2a6f" stroke="#93c5fd" strokeWidth="2" />
        <rect x="40" y="30" width="320" height="220" fill="none" stroke="#93c5fd" strokeWidth="1" />
        {/* title block */}
        <rect x="270" y="200" width="90" height="50" fill="none" stroke="#93c5fd" strokeWidth="1" />
        <path d="M270 217h90M270 233h90M315 200v17" stroke="#93c5fd" strokeWidth="0.75" />
        <text x="276" y="212" fill="#bfdbfe" fontSize="8" fontFamily="monospace">
          A-101
        </text>
        <text x="320" y="212" fill="#bfdbfe" fontSize="8" fontFamily="monospace">
          1/4"=1'
        </text>
        <text x="276" y="228" fill="#bfdbfe" fontSize="7" fontFamily="monospace">
          FLOOR PLAN
        </text>
        <text x="276" y="244" fill="#bfdbfe" fontSize="7" fontFamily="monospace">
          BLUEPRINT SHOP
        </text>
        {/* floor plan */}
        <path d="M60 50h180v130H60z" fill="none" stroke="#e0f2fe" strokeWidth="3" />
        <path d="M150 50v60M60 110h50M130 110h110M190 110v70" fill="none" stroke="#e0f2fe" strokeWidth="2" />
        <path d="M110 110a20 20 0 0 1 20-20" fill="none" stroke="#7dd3fc" strokeWidth="1" strokeDasharray="3 2" />
        <rect x="200" y="130" width="28" height="40" fill="none" stroke="#7dd3fc" strokeWidth="1" />
        <circle cx="95" cy="145" r="12" fill="none" stroke="#7dd3fc" strokeWidth="1" />
        <path d="M250 70h10M250 160h10" stroke="#7dd3fc" strokeWidth="1" />
        {/* dimension lines */}
        <path d="M60 195h180M60 190v10M240 190v10" stroke="#7dd3fc" strokeWidth="1" />
        <text x="135" y="208" fill="#e0f2fe" fontSize="10" fontFamily="monospace">
          36"
        </text>
        <path d="M255 50v130M250 50h10M250 180h10" stroke="#7dd3fc" strokeWidth="1" />
        <text x="262" y="119" fill="#e0f2fe" fontSize="10" fontFamily="monospace">
          24"
        </text>
        {/* north arrow */}
        <path d="M320 60l8 22-8-6-8 6z" fill="#7dd3fc" />
        <text x="316" y="98" fill="#bfdbfe" fontSize="9" fontFamily="monospace">
          N
        </text>
      </svg>
    </div>
  );
}
