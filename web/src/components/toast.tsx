/**
 * Toasts through @radix-ui/react-toast with the spec's defaults: 5 s, swipe right (threshold 50),
 * hotkey F8, one toast at a time. Call `toast({ title, description, variant })` from anywhere.
 * On a phone the toast is compact and sits over the sticky navigation bar, so it never covers the
 * page (the configuration card after an upload, the checkout's Pay bar); from 640 px it is a card at
 * the bottom right.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
type ToastState = ToastInput & { id: number; open: boolean };

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++, open: true };
  emit();
}

/** Closes the toast on screen. */
export function dismissToast(): void {
  if (current) current = { ...current, open: false };
  emit();
}

function useCurrentToast() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

export function Toaster() {
  const t = useCurrentToast();
  const destructive = t?.variant === 'destructive';
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {t && (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast()}
          className={`toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border px-3 py-2 pr-9 shadow-lg sm:p-4 sm:pr-9 ${
            destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-0.5 sm:gap-1">
            <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
            {t.description && (
              <RadixToast.Description className={`text-sm max-sm:line-clamp-2 ${destructive ? '' : 'text-slate-700'}`}>{t.description}</RadixToast.Description>
            )}
          </div>
          <RadixToast.Close
            aria-label="Close"
            className={`absolute right-2 top-2 rounded p-1 text-lg leading-none ${destructive ? 'text-red-100 hover:text-white' : 'text-slate-500 hover:text-slate-900'}`}
          >
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport
        hotkey={['F8']}
        className="fixed right-0 top-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-1 outline-none sm:bottom-0 sm:top-auto sm:max-w-[420px] sm:p-4"
      />
    </RadixToast.Provider>
  );
}
