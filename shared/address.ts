/** A US shipping address as the shop takes it (rates, checkout, labels): one schema for server and client. */
import { z } from 'zod';
import { cityField, stateField, street1Field, street2Field, zipField } from './fields';
import { US_STATES } from './pricing';
import { zipStateMismatch } from './zipStates';

const addressFields = {
  street1: street1Field,
  street2: street2Field,
  city: cityField,
  state: stateField.refine((s) => US_STATES.includes(s), 'Please enter a valid US state'),
  zipCode: zipField,
};

/**
 * The state must own the ZIP: sales tax is the destination state's, and the label goes where the
 * ZIP is, so "Paramus, NH 07652" is refused rather than taxed as New Hampshire.
 */
function stateOwnsZip(a: { state: string; zipCode: string }, ctx: z.RefinementCtx): void {
  // A malformed ZIP has its own message already.
  if (!zipField.safeParse(a.zipCode).success) return;
  const mismatch = zipStateMismatch(a.zipCode, a.state);
  if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: ['zipCode'] });
}

/**
 * Each address field on its own, as the checkout form checks them while they are typed: the ZIP's
 * state is left to the rates request, whose answer the page shows beside the rates (and Pay then
 * points at the rates, not the ZIP).
 */
export const AddressFieldsSchema = z.object(addressFields);

/** An address the shop takes: the fields, and a ZIP in the state. Used by every route that takes one. */
export const AddressSchema = AddressFieldsSchema.superRefine(stateOwnsZip);

/** An address that passed AddressSchema. */
export type Address = z.infer<typeof AddressSchema>;

/** Whose book an address is in: the person's own, or their firm's (shared by every member). */
export const ADDRESS_SCOPES = ['personal', 'firm'] as const;
export type AddressScope = (typeof ADDRESS_SCOPES)[number];

/** POST /api/addresses: an address, and the book it goes in (the person's own unless `firm`). */
export const SaveAddressSchema = z
  .object({ ...addressFields, scope: z.enum(ADDRESS_SCOPES, { error: 'scope must be personal or firm' }).default('personal') })
  .superRefine(stateOwnsZip);

/** A saved address as GET /api/addresses lists it, the last used first. */
export type SavedAddressJson = Omit<Address, 'street2'> & {
  id: string;
  street2: string | null;
  scope: AddressScope;
  lastUsedAt: string;
  /** Who put a firm address in the firm's book; null for one's own. */
  savedBy: { userId: string; name: string } | null;
  /** Whether the person asking may remove it: their own, or a firm address they saved or, as owner, any. */
  canDelete: boolean;
};

/** "200 SW Market St, Suite 5, Portland, OR 97201": an address on one line. */
export function addressLine(a: { street1: string; street2?: string | null; city: string; state: string; zipCode: string }): string {
  return `${a.street1}${a.street2 ? `, ${a.street2}` : ''}, ${a.city}, ${a.state} ${a.zipCode}`;
}
