/** The legend of a revision's overlay, beside the overlay and in its viewer. */
/** The overlay's colors in words, shown beside every overlay (never only in its alt text). */
export function OverlayLegend() {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700" data-testid="overlay-legend">
      <span className="flex items-center gap-1">
        <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-red-600" /> Removed
      </span>
      <span className="flex items-center gap-1">
        <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-blue-600" /> Added
      </span>
      <span className="flex items-center gap-1">
        <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-slate-400" /> Unchanged
      </span>
    </p>
  );
}
