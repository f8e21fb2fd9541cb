/** A sheet's preview, larger, in a dialog over the page; Escape or Close puts it away. */
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../ui';

export default function LargePreview({ title, src, onClose }: { title: string; src: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white p-4 shadow-xl"
        >
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="outline" size="sm">
                Close
              </Button>
            </Dialog.Close>
          </div>
          <img src={src} alt={`${title}, larger preview`} className="min-h-0 w-full flex-1 object-contain" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
