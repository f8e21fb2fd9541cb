/** 'Why choose us': the shop's promises, each one something the product actually does. */
import { SectionHeading } from './Pricing';
import { useShopConfig } from '../../data/config';

/** `{town}` in a text is the counter's town, from the shop's configuration. */
const REASONS: { title: string; text: string; icon: string }[] = [
  {
    title: 'Ready by end of day',
    text: 'Orders placed before 12 PM are ready by end of day. Rush orders are ready in 1-4 hours.',
    icon: 'M12 6v6l4 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  {
    title: 'Exact price up front',
    text: 'Upload your PDF and we count the sheets and check their size. You see the full price, tax included, before you pay.',
    icon: 'M9 7h6m-6 4h6m-6 4h3M6 3h12a1 1 0 0 1 1 1v16l-3-2-2 2-2-2-2 2-2-2-3 2V4a1 1 0 0 1 1-1Z',
  },
  {
    title: 'True to scale',
    text: 'Every sheet is printed at 100% on 24" x 36" or 30" x 42" paper, so your scaled dimensions measure right on site.',
    icon: 'M4 20 20 4M4 20h5m-5 0v-5M20 4h-5m5 0v5M8 12l4 4m0-8 4 4',
  },
  {
    title: 'Pickup or shipped',
    text: 'Free pickup in {town}, or ground, 2-day and overnight shipping in a crush-proof tube with tracking.',
    icon: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  },
  {
    title: 'Your files stay yours',
    text: 'Files are processed securely and deleted after printing. Card details go straight to the payment provider.',
    icon: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  },
  {
    title: 'No account needed',
    text: 'Order as a guest and track by email, or open a free account for order history, receipts and quick reorders.',
    icon: 'M16 19v-1a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v1M10 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7-2v6m3-3h-6',
  },
];

export function WhyUs() {
  const { shop } = useShopConfig();
  const town = `${shop.city}, ${shop.state}`;
  return (
    <section aria-labelledby="why-title" className="border-y border-slate-200 bg-white/80 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="why-title"
          eyebrow="Why choose us"
          title="A print counter built for deadlines"
          lead="Architects, engineers and contractors send us their sets when the permit office, the client meeting or the job site will not wait."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map((r) => (
            <li key={r.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-blueprint-800 text-sky-200" aria-hidden="true">
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
                  <path d={r.icon} />
                </svg>
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{r.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{r.text.replace('{town}', town)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
