/**
 * A revision's overlay in a viewer over the page: zoom in to the overlay's full resolution and pan by
 * scrolling or dragging, with the legend always in view (removed in red, added in blue, unchanged in
 * grey). Escape or Close puts it away.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../ui';
import { PanFrame, useZoom } from '../ZoomableImage';
import { OverlayLegend } from './OverlayLegend';

export default function OverlayViewer({ title, src, onClose }: { title: string; src: string; onClose: () => void }) {
  const { zoom, buttons } = useZoom();
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
              {buttons}
              <Dialog.Close asChild>
                <Button variant="outline" size="sm">
                  Close
                </Button>
              </Dialog.Close>
            </div>
          </div>
          <OverlayLegend />
          <PanFrame label={`${title}: scroll or drag to move around`} zoom={zoom} src={src} alt={`${title}: removed in red, added in blue`} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
