/** Pickup details from the spec: free, ready in 24-48 hours, the store hours. */
export function PickupInfo() {
  return (
    <div className="rounded-lg border border-blueprint-100 bg-blueprint-50 p-4 text-sm text-slate-800">
      <p className="font-semibold text-blueprint-900">Free pickup in Paramus, NJ 07652</p>
      <p className="mt-1">Ready in 24-48 hours. We email you when your prints are ready.</p>
      <p className="mt-3 font-medium">Pickup hours</p>
      <ul className="mt-1 grid gap-0.5">
        <li>Mon-Fri 9AM-7PM</li>
        <li>Sat 10AM-6PM</li>
        <li>Sun closed</li>
      </ul>
    </div>
  );
}
