/** Pickup details: the one shop address with a map link, the ready-by promise and the hours. */
import { useShopConfig } from '../../data/config';

export function PickupInfo({ readyText }: { readyText?: string | null }) {
  const { shop } = useShopConfig();
  return (
    <div className="rounded-lg border border-blueprint-100 bg-blueprint-50 p-4 text-sm text-slate-800">
      <p className="font-semibold text-blueprint-900">Free pickup at {shop.name}</p>
      <p className="mt-1">
        <a href={shop.mapUrl} target="_blank" rel="noreferrer" className="text-blueprint-700 underline underline-offset-2">
          {shop.address}
        </a>
      </p>
      <p className="mt-1">{readyText ? `Ready ${readyText.replace(/^Today/, 'today')}.` : 'Ready in 24-48 hours.'} We email you when your prints are ready.</p>
      <p className="mt-3 font-medium">Pickup hours</p>
      <p className="mt-1">{shop.hoursText}</p>
    </div>
  );
}
