/** The shop's policies, which the footer's policy links point to (#privacy, #terms, #refunds). */
import { useShopConfig } from '../../data/config';
import { SectionHeading } from './Pricing';

export function Policies() {
  const { supportEmail, supportPhone } = useShopConfig();
  const policies = [
    {
      id: 'privacy',
      title: 'Privacy & file retention',
      text:
        'We use your name, email, phone and shipping address only to fulfil and tell you about your order. Files are processed securely and deleted after printing: ' +
        "an order's PDF is removed 7 days after the order is completed, and uploads that never become an order within a day. Card details go to our card payment provider, never to us.",
    },
    {
      id: 'terms',
      title: 'Terms of service',
      text:
        'We print the PDF you upload at 100% scale on the size and type you choose, at the price shown at checkout. Payment is required before printing. ' +
        'You confirm you have the right to reproduce the drawings you send.',
    },
    {
      id: 'refunds',
      title: 'Refunds & reprints',
      text: `If a print does not match your file, contact ${supportEmail} or ${supportPhone} with your order number and we will put it right with a reprint or a refund. To cancel an order that has not been printed yet, contact us as soon as you can.`,
    },
  ];
  return (
    <section aria-labelledby="policies-title" className="py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="policies-title" eyebrow="Policies" title="Plain-language policies" />
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {policies.map((p) => (
            <article
              key={p.id}
              id={p.id}
              tabIndex={-1}
              aria-labelledby={`${p.id}-title`}
              className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 text-sm leading-relaxed text-slate-700 shadow-sm outline-none"
            >
              <h3 id={`${p.id}-title`} className="text-base font-semibold text-slate-900">
                {p.title}
              </h3>
              <p className="mt-2">{p.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
