/** Receipt download and 'Order again', shared by the dashboard and /orders. */
import { useLocation } from 'wouter';
import { Button, type ButtonProps } from '../ui';
import { toast } from '../toast';
import { downloadBlob, saveBlob } from '../../data/client';
import { useSubmit } from '../../data/useSubmit';
import { startReorder } from '../../data/accountOrders';

/** Downloads /api/orders/{id}/receipt as receipt-{id}.pdf. */
export function ReceiptButton({ orderId, label = 'Receipt', ...rest }: { orderId: string; label?: string } & ButtonProps) {
  const { submit: download, busy } = useSubmit(
    async () => {
      const blob = await downloadBlob(`/api/orders/${orderId}/receipt`);
      saveBlob(blob, `receipt-${orderId}.pdf`);
      toast({ title: 'Receipt downloaded', description: `Saved as receipt-${orderId}.pdf` });
    },
    { onError: () => toast({ title: 'Download failed', description: 'Failed to download receipt. Please try again.', variant: 'destructive' }) },
  );
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={busy} {...rest}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 3v12m0 0-4-4m4 4 4-4M4 19h16" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {busy ? 'Downloading…' : label}
    </Button>
  );
}

/** Copies the order's kept file into a new upload and goes to /checkout with the same options. */
export function ReorderButton({ orderId, ...rest }: { orderId: string } & ButtonProps) {
  const [, navigate] = useLocation();
  const { submit: reorder, busy } = useSubmit(
    async () => {
      await startReorder(orderId);
      navigate('/checkout');
    },
    {
      fallback: 'Please try again.',
      keepBusyOnSuccess: true,
      onError: (message) => toast({ title: 'Cannot order again', description: message, variant: 'destructive' }),
    },
  );
  return (
    <Button variant="secondary" size="sm" onClick={() => void reorder()} disabled={busy} {...rest}>
      {busy ? 'Preparing…' : 'Order again'}
    </Button>
  );
}
