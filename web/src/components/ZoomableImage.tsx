/**
 * An image to zoom into and pan around, for the dialogs that show a sheet large (the revision's
 * overlay, an upload's enlarged preview): zoom steps as a share of the frame's width, the buttons
 * and their percentage, and a frame scrolled by the scroll bars, the keyboard (it takes focus) or
 * dragging.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { Button } from './ui';

/** Zoom steps, as a share of the frame's width: 1 fits the sheet; at 4 a laptop's frame shows a 2400 px image past its own pixels. */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/** The zoom of one dialog: its share of the frame's width and the Zoom out / Zoom in buttons. */
export function useZoom() {
  const [step, setStep] = useState(0);
  const zoom = ZOOMS[step];
  const buttons = (
    <>
      <Button variant="outline" size="sm" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
        Zoom out
      </Button>
      <span className="w-12 text-center text-sm tabular-nums text-slate-700" aria-live="polite">
        {Math.round(zoom * 100)}%
      </span>
      <Button variant="outline" size="sm" onClick={() => setStep((s) => Math.min(ZOOMS.length - 1, s + 1))} disabled={step === ZOOMS.length - 1}>
        Zoom in
      </Button>
    </>
  );
  return { zoom, buttons };
}

/** The image at `zoom` in a frame that scrolls and drags; `label` names the frame for the keyboard. */
export function PanFrame({
  label,
  zoom,
  src,
  alt,
  imageProps,
}: {
  label: string;
  zoom: number;
  src: string;
  alt: string;
  imageProps?: Record<`data-${string}`, string>;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    const el = frame.current;
    if (!el) return;
    drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop };
    el.setPointerCapture(e.pointerId);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const el = frame.current;
    if (!el || !drag.current) return;
    el.scrollLeft = drag.current.left - (e.clientX - drag.current.x);
    el.scrollTop = drag.current.top - (e.clientY - drag.current.y);
  }

  return (
    <div
      ref={frame}
      tabIndex={0}
      aria-label={label}
      className="min-h-0 flex-1 cursor-grab overflow-auto rounded border border-slate-200 bg-slate-50 active:cursor-grabbing"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
    >
      <img src={src} alt={alt} draggable={false} style={{ width: `${zoom * 100}%`, maxWidth: 'none' }} className="block" {...imageProps} />
    </div>
  );
}
