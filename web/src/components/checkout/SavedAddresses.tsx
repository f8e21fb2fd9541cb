/**
 * The address book at checkout, for a signed-in customer shipping: their own addresses and their
 * firm's job sites, the last used first, one pick fills the address fields. A firm's person can add
 * the address typed to the firm's book for everyone in it.
 */
import { useState } from 'react';
import { Button, Field, Select } from '../ui';
import { toast } from '../toast';
import { saveAddress, useAddressBook } from '../../data/addresses';
import { useMyFirm } from '../../data/firm';
import { errorMessage } from '../../data/useSubmit';
import { AddressSchema, addressLine, type SavedAddressJson } from '#shared/address';
import { stateCodeOf } from '#shared/usStates';
import type { CheckoutForm } from './useCheckoutForm';

export function SavedAddresses({ form }: { form: CheckoutForm }) {
  const signedIn = Boolean(form.user);
  const { data: book } = useAddressBook(signedIn);
  const { data: mine } = useMyFirm(signedIn);
  const firm = mine?.firm ?? null;
  const [picked, setPicked] = useState('');
  const [saving, setSaving] = useState(false);
  if (!signedIn) return null;

  function fill(a: SavedAddressJson) {
    const options = { shouldDirty: true, shouldValidate: form.fields.formState.isSubmitted };
    form.fields.setValue('address.street1', a.street1, options);
    form.fields.setValue('address.street2', a.street2 ?? '', options);
    form.fields.setValue('address.city', a.city, options);
    form.fields.setValue('address.state', a.state, options);
    form.fields.setValue('address.zipCode', a.zipCode, options);
  }

  async function saveForFirm() {
    if (!firm) return;
    const typed = form.fields.getValues('address');
    const parsed = AddressSchema.safeParse({ ...typed, state: stateCodeOf(typed.state) ?? typed.state.trim() });
    if (!parsed.success) {
      toast({ title: 'Please check the address', description: parsed.error.issues[0]?.message ?? 'The address is not complete.', variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveAddress(parsed.data, 'firm');
      setPicked(saved.id);
      toast({ title: 'Address saved', description: `Everyone at ${firm.name} can pick it at checkout now.` });
    } catch (error) {
      toast({ title: 'Could not save the address', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const list = book ?? [];
  return (
    <div className="grid gap-2">
      {list.length > 0 ? (
        <Field label="Saved addresses" htmlFor="saved-address" hint="The last used first.">
          <Select
            id="saved-address"
            value={picked}
            onChange={(e) => {
              setPicked(e.target.value);
              const a = list.find((x) => x.id === e.target.value);
              if (a) fill(a);
            }}
          >
            <option value="">Choose a saved address…</option>
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.scope === 'firm' ? (firm?.name ?? 'Firm') : 'Yours'} · {addressLine(a)}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <p className="text-sm text-slate-600">Addresses you ship to are saved for next time.</p>
      )}
      {firm && (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => void saveForFirm()} disabled={saving}>
          {saving ? 'Saving…' : `Save for ${firm.name}`}
        </Button>
      )}
    </div>
  );
}
