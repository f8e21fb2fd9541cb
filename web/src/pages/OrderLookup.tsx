/** OrderLookup page: to be built by its issue. */
export default function OrderLookup() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-blueprint-900">Blueprint Shop</h1>
      <p className="mt-2 text-slate-600">Large-format blueprint printing in Paramus, NJ.</p>
    </div>
  );
}
