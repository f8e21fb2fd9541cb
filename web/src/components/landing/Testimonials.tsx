/**
 * What customers said, from the shop's configuration (SHOP_TESTIMONIALS): real words only, no
 * invented names or stars. The section is not shown when the shop has set none.
 */
import { SectionHeading } from './Pricing';
import { useShopConfig } from '../../data/config';

/** "Maria Delgado" → "MD". */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

export function Testimonials() {
  const testimonials = useShopConfig().testimonials ?? [];
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Trusted by people who build" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={`${t.name}-${t.quote}`}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-slate-700">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-blueprint-100 text-sm font-semibold text-blueprint-800"
                    aria-hidden="true"
                  >
                    {initialsOf(t.name)}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{t.name}</span>
                    {t.role && <span className="block text-sm text-slate-600">{t.role}</span>}
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
