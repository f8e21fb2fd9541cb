/** The card that ends the FAQ: email and phone links from the server's configuration. */
import { useShopConfig } from '../../data/config';

/** Digits of a phone number for a tel: link ("(201) 555-0142" → "+12015550142"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') || digits.length !== 10 ? digits : `+1${digits}`}`;
}

export function StillHaveQuestions() {
  const { supportEmail, supportPhone, shop } = useShopConfig();
  return (
    <div className="on-dark mt-10 rounded-2xl bg-blueprint-800 p-6 text-white shadow-lg sm:p-8">
      <div className="flex flex-col gap-6">
        <div>
          <h3 className="text-xl font-semibold">Still have questions?</h3>
          <p className="mt-1 text-blueprint-100">Our print counter is happy to help with files, sizes and deadlines.</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <a
            href={`mailto:${supportEmail}`}
            className="inline-flex h-11 items-center whitespace-nowrap justify-center gap-2 rounded-md bg-white px-5 text-sm font-semibold text-blueprint-800 hover:bg-blueprint-50"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
              <path d="M3 4h14a1 1 0 0 1 1 1v.4l-8 4.8-8-4.8V5a1 1 0 0 1 1-1Zm-1 3.7V15a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1V7.7l-8 4.8-8-4.8Z" />
            </svg>
            Email Support
            <span className="sr-only">: {supportEmail}</span>
          </a>
          <a
            href={telHref(supportPhone)}
            className="inline-flex h-11 items-center whitespace-nowrap justify-center gap-2 rounded-md border border-white/40 px-5 text-sm font-semibold text-white hover:bg-white/10"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
              <path d="M3 3.5A1.5 1.5 0 0 1 4.5 2h2.1a1 1 0 0 1 1 .8l.7 3.1a1 1 0 0 1-.5 1.1l-1.4.8a11 11 0 0 0 5.8 5.8l.8-1.4a1 1 0 0 1 1.1-.5l3.1.7a1 1 0 0 1 .8 1v2.1a1.5 1.5 0 0 1-1.5 1.5H16C8.8 18 2 11.2 2 4v-.5Z" />
            </svg>
            Call {supportPhone}
          </a>
        </div>
      </div>
      <p className="mt-4 break-words text-sm text-blueprint-200">
        {supportEmail} · {supportPhone} · {shop.hoursText} ·{' '}
        <a href={shop.mapUrl} target="_blank" rel="noreferrer" className="underline underline-offset-2 hover:text-white">
          {shop.address}
        </a>
      </p>
    </div>
  );
}
