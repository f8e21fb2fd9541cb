/**
 * A revision's overlay in a viewer over the page: zoom in to the overlay's full resolution and pan by
 * scrolling or dragging, with the legend always in view (removed in red, added in blue, unchanged in
 * grey). Escape or Close puts it away.
 */
import { useRef, useState, type PointerEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../ui';
import { OverlayLegend } from './OverlayLegend';

/** Zoom steps, as a share of the viewer's width: 1 fits the sheet, 4 shows the large overlay at about full resolution. */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

export default function OverlayViewer({ title, src, onClose }: { title: string; src: string; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const zoom = ZOOMS[step];

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
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-6xl -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg bg-white p-4 shadow-xl"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Dialog.Title className="font-semibold text-slate-900">{title}</Dialog.Title>
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
                Zoom out
              </Button>
              <span className="w-12 text-center text-sm tabular-nums text-slate-700" aria-live="polite">
                {Math.round(zoom * 100)}%
              </span>
              <Button variant="outline" size="sm" onClick={() => setStep((s) => Math.min(ZOOMS.length - 1, s + 1))} disabled={step === ZOOMS.length - 1}>
                Zoom in
              </Button>
              <Dialog.Close asChild>
                <Button variant="outline" size="sm">
                  Close
                </Button>
              </Dialog.Close>
            </div>
          </div>
          <OverlayLegend />
          <div
            ref={frame}
            tabIndex={0}
            aria-label={`${title}: scroll or drag to move around`}
            className="min-h-0 flex-1 cursor-grab overflow-auto rounded border border-slate-200 bg-slate-50 active:cursor-grabbing"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
          >
            <img
              src={src}
              alt={`${title}: removed in red, added in blue`}
              draggable={false}
              style={{ width: `${zoom * 100}%`, maxWidth: 'none' }}
              className="block"
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
