/** Three customer testimonials, one from each kind of customer the shop serves. */
import { SectionHeading } from './Pricing';

const TESTIMONIALS = [
  {
    quote: 'I uploaded our permit set at 10 in the morning and picked it up on the way home. The price was exactly what the site showed.',
    name: 'Maria Delgado',
    role: 'Architect, Delgado Studio',
    initials: 'MD',
  },
  {
    quote: 'Rush saved a bid for us. Forty 30 x 42 sheets, printed to scale and rolled in a tube before our 3 PM meeting.',
    name: 'James Whitfield',
    role: 'Project Engineer, Whitfield Structural',
    initials: 'JW',
  },
  {
    quote: 'We order from the job trailer on a phone. Upload, pay, and the prints ship overnight with tracking. No calls, no surprises.',
    name: 'Tony Russo',
    role: 'Superintendent, Russo Builders',
    initials: 'TR',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Trusted by people who build" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex gap-0.5 text-amber-500" role="img" aria-label="5 out of 5 stars">
                  {Array.from({ length: 5 }, (_, i) => (
                    <svg key={i} viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
                    </svg>
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-blueprint-100 text-sm font-semibold text-blueprint-800"
                    aria-hidden="true"
                  >
                    {t.initials}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
