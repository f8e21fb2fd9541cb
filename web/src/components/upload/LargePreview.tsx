/**
 * A sheet's preview, larger, in a dialog over the page, to zoom into and pan around as the
 * revision's overlay is; Escape or Close puts it away. The card's preview (360 px) shows at once;
 * the enlarged one (LARGE_PREVIEW_PX, drawn by the worker when first asked for) replaces it as soon
 * as it is there, so the sheet is sharp at this size and zoomed in.
 */
import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../ui';
import { PanFrame, useZoom } from '../ZoomableImage';

/** How often the dialog asks again while the worker draws, and for how long before it settles for the small one. */
const LOOK_EVERY_MS = 700;
const GIVE_UP_AFTER_MS = 30_000;

/**
 * The enlarged preview's address once it can be shown, or null while it is drawn (or when it cannot
 * be): `…/preview/N/large` answers 202 until the worker has stored it.
 */
function useLargePreview(src: string): { url: string | null; drawing: boolean } {
  const large = `${src}/large`;
  // Kept with the address it is for: another sheet starts drawing again.
  const [state, setState] = useState<{ for: string; url: string | null; drawing: boolean }>({ for: large, url: null, drawing: true });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let objectUrl: string | null = null;
    const started = Date.now();
    const look = async () => {
      try {
        const res = await fetch(large, { credentials: 'same-origin' });
        if (stopped) return;
        if (res.status === 200) {
          objectUrl = URL.createObjectURL(await res.blob());
          if (!stopped) setState({ for: large, url: objectUrl, drawing: false });
          return;
        }
        if (res.status === 202 && Date.now() - started < GIVE_UP_AFTER_MS) {
          timer = setTimeout(() => void look(), LOOK_EVERY_MS);
          return;
        }
      } catch {
        // Offline or gone: the card's preview stays.
      }
      if (!stopped) setState({ for: large, url: null, drawing: false });
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [large]);
  return state.for === large ? state : { url: null, drawing: true };
}

export default function LargePreview({ title, src, onClose }: { title: string; src: string; onClose: () => void }) {
  const large = useLargePreview(src);
  const { zoom, buttons } = useZoom();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-6xl -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg bg-white p-4 shadow-xl"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Dialog.Title className="font-semibold text-slate-900">{title}</Dialog.Title>
            <div className="flex items-center gap-2">
              {large.drawing && (
                <span role="status" className="text-sm text-slate-600">
                  Sharpening…
                </span>
              )}
              {buttons}
              <Dialog.Close asChild>
                <Button variant="outline" size="sm">
                  Close
                </Button>
              </Dialog.Close>
            </div>
          </div>
          <PanFrame
            label={`${title}: scroll or drag to move around`}
            zoom={zoom}
            src={large.url ?? src}
            alt={`${title}, larger preview`}
            imageProps={{ 'data-large': large.url ? 'true' : 'false' }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
