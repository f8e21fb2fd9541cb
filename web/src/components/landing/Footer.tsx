/**
 * The footer on every page (added by Layout): services, support and policy links, the support
 * contact from configuration, the accepted card brands, and the link to the source of the running
 * version (SOURCE_URL), which the AGPL asks every deployment to offer.
 */
import { Link } from 'wouter';
import { useShopConfig } from '../../data/config';
import { CardBadges } from './CardBadges';
import { telHref } from './StillHaveQuestions';

function FooterLink({ href, children }: { href: string; children: string }) {
  const className = 'text-sm text-blueprint-100 hover:text-white hover:underline';
  // Section anchors on the landing page are plain links so the browser scrolls to them.
  if (href.includes('#') || href.startsWith('mailto:') || href.startsWith('tel:')) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}

export function Footer() {
  const { supportEmail, supportPhone, shop, sourceUrl } = useShopConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-blueprint-900 text-blueprint-100" aria-labelledby="footer-title">
      <h2 id="footer-title" className="sr-only">
        Site footer
      </h2>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2 text-lg font-semibold text-white">
            <svg viewBox="0 0 32 32" className="h-7 w-7" aria-hidden="true">
              <rect width="32" height="32" rx="6" fill="#1d4ed8" />
              <path d="M8 8h16v16H8z" fill="none" stroke="#bfdbfe" strokeWidth="1.5" />
              <path d="M8 14h16M14 8v16" stroke="#bfdbfe" strokeWidth="1" />
            </svg>
            {shop.name}
          </p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">
            Large-format blueprint printing in {shop.city}, {shop.state}. 24" x 36" and 30" x 42", black and white or color, picked up or shipped.
          </p>
          <p className="mt-5 text-xs font-semibold uppercase tracking-wider text-blueprint-200">We accept</p>
          <CardBadges className="mt-2" />
        </div>
        <nav aria-label="Services">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Services</h3>
          <ul className="mt-4 grid gap-2.5">
            <li>
              <FooterLink href="/#upload">Upload a Blueprint</FooterLink>
            </li>
            <li>
              <FooterLink href="/#pricing">Black &amp; White Prints</FooterLink>
            </li>
            <li>
              <FooterLink href="/#pricing">Color Prints</FooterLink>
            </li>
            <li>
              <FooterLink href="/#pricing">Rush Service</FooterLink>
            </li>
            <li>
              <FooterLink href="/#faq">Pickup &amp; Shipping</FooterLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Support</h3>
          <ul className="mt-4 grid gap-2.5">
            <li>
              <FooterLink href="/#faq">FAQ</FooterLink>
            </li>
            <li>
              <FooterLink href="/order-lookup">Track Orders</FooterLink>
            </li>
            <li>
              <FooterLink href={`mailto:${supportEmail}`}>{supportEmail}</FooterLink>
            </li>
            <li>
              <FooterLink href={telHref(supportPhone)}>{supportPhone}</FooterLink>
            </li>
          </ul>
          <p className="mt-4 text-xs leading-relaxed text-blueprint-200">
            <a href={shop.mapUrl} target="_blank" rel="noreferrer" className="hover:text-white hover:underline">
              {shop.address}
            </a>
            <br />
            {shop.hoursText}
          </p>
        </nav>
        <nav aria-label="Policies">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Policies</h3>
          <ul className="mt-4 grid gap-2.5">
            <li>
              <FooterLink href="/#privacy">Privacy Policy</FooterLink>
            </li>
            <li>
              <FooterLink href="/#terms">Terms of Service</FooterLink>
            </li>
            <li>
              <FooterLink href="/#refunds">Refunds &amp; Reprints</FooterLink>
            </li>
            <li>
              <FooterLink href="/#privacy">File Retention</FooterLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-blueprint-200 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {shop.name}, {shop.city}, {shop.state}. Free shipping on orders over $100 (cheapest service).
          </p>
          <p>
            Free software under the GNU AGPL-3.0:{' '}
            <a href={sourceUrl} rel="noreferrer" className="font-medium text-blueprint-100 underline underline-offset-2 hover:text-white">
              source code
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
