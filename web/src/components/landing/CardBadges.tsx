/** The four accepted card brands as small inline badges (text marks, no third-party assets). */
import { ACCEPTED_CARDS } from '../../content/faq';

const STYLE: Record<(typeof ACCEPTED_CARDS)[number], { short: string; className: string }> = {
  Visa: { short: 'VISA', className: 'bg-white text-[#1a1f71] italic tracking-wider' },
  Mastercard: { short: '', className: 'bg-white text-slate-900' },
  'American Express': { short: 'AMEX', className: 'bg-[#1f72cd] text-white tracking-wider' },
  Discover: { short: 'DISCOVER', className: 'bg-white text-slate-900 tracking-wide' },
};

export function CardBadges({ className = '' }: { className?: string }) {
  return (
    <ul aria-label="Accepted cards" className={`flex flex-wrap gap-2 ${className}`}>
      {ACCEPTED_CARDS.map((brand) => (
        <li key={brand}>
          <span
            role="img"
            aria-label={brand}
            title={brand}
            className={`inline-flex h-7 min-w-12 items-center justify-center gap-1 rounded border border-slate-300 px-2 text-[11px] font-extrabold ${STYLE[brand].className}`}
          >
            {brand === 'Mastercard' && (
              <svg viewBox="0 0 24 16" className="h-3.5 w-5" aria-hidden="true">
                <circle cx="8" cy="8" r="7" fill="#eb001b" />
                <circle cx="16" cy="8" r="7" fill="#f79e1b" fillOpacity="0.9" />
              </svg>
            )}
            {brand !== 'Mastercard' && <span aria-hidden="true">{STYLE[brand].short}</span>}
            {brand === 'Discover' && <span className="h-2.5 w-2.5 rounded-full bg-orange-500" aria-hidden="true" />}
          </span>
        </li>
      ))}
    </ul>
  );
}
