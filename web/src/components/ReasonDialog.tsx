/**
 * A question that needs a reason, in a dialog over the page (withdrawing a certificate): the reason
 * field (required or optional), the action and Cancel. The dialog stays open with the server's words
 * when the action fails, and closes when it succeeds; Escape or Cancel puts it away.
 */
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button, ErrorNote, TextField } from './ui';
import { errorMessage } from '../data/useSubmit';

export function ReasonDialog({
  title,
  description,
  reasonLabel,
  reasonRequired,
  actionLabel,
  actionVariant = 'destructive',
  onAction,
  onClose,
}: {
  title: string;
  description: string;
  reasonLabel: string;
  reasonRequired: boolean;
  actionLabel: string;
  /** The action's look: red for taking something back, the shop's blue for recording a payment. */
  actionVariant?: 'destructive' | 'primary';
  /** Runs the action with the reason typed (trimmed; empty when optional and left blank). */
  onAction: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function act(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onAction(reason.trim());
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          <form onSubmit={(e) => void act(e)} className="mt-4 grid gap-4">
            <TextField
              id="reason-dialog-reason"
              label={reasonLabel}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              required={reasonRequired}
              autoFocus
            />
            {error ? <ErrorNote title={`Could not ${actionLabel.toLowerCase()}`}>{error}</ErrorNote> : null}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" variant={actionVariant} disabled={busy || (reasonRequired && reason.trim() === '')}>
                {busy ? 'Saving…' : actionLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
