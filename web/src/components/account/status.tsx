/** Order status as a customer reads it: icon, badge and what's next (the order's statusText). */
import type { ReactNode } from 'react';
import { Badge } from '../ui';
import { useShopConfig } from '../../data/config';
import { mediumDateText } from '#shared/clock';
import { statusBadge } from '#shared/orderStatus';

type Known = 'pending' | 'processing' | 'completed' | 'failed';
const KNOWN: readonly string[] = ['pending', 'processing', 'completed', 'failed'];
const isKnown = (s: string): s is Known => KNOWN.includes(s);

/** The processing promise the dashboard shows. */
export const PROCESSING_PROMISE = 'Orders before 12 PM ready by end of day • Rush orders: 1-4 hours';

const ICON_PATH: Record<Known | 'unknown', ReactNode> = {
  pending: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  processing: (
    <>
      <path d="M6 9V3h12v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </>
  ),
  completed: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
  failed: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" />
    </>
  ),
  unknown: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5V14m0 3h.01" />
    </>
  ),
};

const ICON_COLOR: Record<Known | 'unknown', string> = {
  pending: 'text-amber-600',
  processing: 'text-blue-600',
  completed: 'text-green-600',
  failed: 'text-red-600',
  unknown: 'text-slate-500',
};

export function StatusIcon({ status, className = 'h-5 w-5' }: { status: string; className?: string }) {
  const key = isKnown(status) ? status : 'unknown';
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`${className} shrink-0 ${ICON_COLOR[key]}`}
      aria-hidden="true"
    >
      {ICON_PATH[key]}
    </svg>
  );
}

/** The order's badge, read from its statusText by the one shared rule (shared/orderStatus.ts). */
export function StatusBadge({ status, statusText }: { status: string; statusText: string }) {
  const badge = statusBadge({ status, statusText });
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}

/**
 * "What's next" for the order's current state: the order's `statusText`, the one sentence the order
 * JSON, the lookups and the emails carry (shared/orderStatus.ts). A failed order also names the
 * support contact, in red.
 */
export function StatusText({ status, text }: { status: string; text: string }) {
  const config = useShopConfig();
  if (status === 'failed') {
    return (
      <p className="text-sm text-red-700">
        {text} Email{' '}
        <a className="font-medium underline" href={`mailto:${config.supportEmail}`}>
          {config.supportEmail}
        </a>{' '}
        or call{' '}
        <a className="font-medium underline" href={`tel:${config.supportPhone.replace(/[^\d+]/g, '')}`}>
          {config.supportPhone}
        </a>
        .
      </p>
    );
  }
  return <p className="text-sm text-slate-600">{text}</p>;
}

/** "Nov 22, 2026": the day on the shop's clock, whatever the browser's zone. */
export function formatDate(iso: string): string {
  return mediumDateText(new Date(iso));
}
