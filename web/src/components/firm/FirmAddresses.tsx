/**
 * The firm's shared address book on the firm page: the job sites every member can pick at
 * checkout, the last used first, each with who saved it. The owner, or the person who saved an
 * address, can remove it (`canDelete`).
 */
import { useState } from 'react';
import { possessive } from '#shared/firm';
import { Button, Card, CardHeader, ErrorNote } from '../ui';
import { toast } from '../toast';
import { removeAddress, useAddressBook } from '../../data/addresses';
import { errorMessage } from '../../data/useSubmit';
import { addressLine } from '#shared/address';
import type { FirmJson } from '#shared/firm';

export function FirmAddresses({ firm }: { firm: FirmJson }) {
  const { data, error } = useAddressBook(true);
  const [busy, setBusy] = useState<string | null>(null);
  const shared = (data ?? []).filter((a) => a.scope === 'firm');

  async function remove(id: string, line: string) {
    if (!window.confirm(`Remove ${line} from ${possessive(firm.name, '’')} address book?`)) return;
    setBusy(id);
    try {
      await removeAddress(id);
      toast({ title: 'Address removed' });
    } catch (e) {
      toast({ title: 'Could not remove the address', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader title="Address book" description="Job sites everyone in the firm can ship to, the last used first. Add one at checkout." />
      {error ? (
        <div className="px-4 pb-4 sm:px-6">
          <ErrorNote title="The address book could not be loaded">{errorMessage(error)}</ErrorNote>
        </div>
      ) : shared.length === 0 ? (
        <p className="px-4 pb-6 text-sm text-slate-600 sm:px-6">No shared addresses yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Firm addresses">
          {shared.map((a) => (
            <li key={a.id} className="flex items-start justify-between gap-3 px-4 py-3 sm:px-6">
              <div className="min-w-0 text-sm">
                <p className="break-words text-slate-900">{addressLine(a)}</p>
                {a.savedBy && <p className="text-xs text-slate-500">Saved by {a.savedBy.name || 'a former member'}</p>}
              </div>
              {a.canDelete && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy === a.id}
                  onClick={() => void remove(a.id, addressLine(a))}
                  aria-label={`Remove ${addressLine(a)}`}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
