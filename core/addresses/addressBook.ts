/**
 * The address book: each person's own shipping addresses and, for a firm's people, the firm's shared
 * ones (job sites every member ships to), in one list, the last used first. Saving an address
 * already in a book moves it to the top; a firm address takes the place of the same address in a
 * person's own book. Shipping to a firm address moves it up for the whole firm. Every change to
 * either book is a command in commands/addresses.ts.
 */
import type { AddressScope, SavedAddressJson } from '#shared/address';
import type { Queryable } from '../lib/db';
import { membershipOf, type Membership } from '../firms/membership';

export type { SavedAddressJson };

/** Addresses one person's own book keeps; the least recently used go first. */
export const MAX_SAVED_ADDRESSES = 50;
/** Addresses a firm's shared book keeps; the least recently used go first. */
export const MAX_FIRM_ADDRESSES = 200;

/** An address of either book, as the list and the commands read it. */
export type SavedRow = {
  id: string;
  scope: AddressScope;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip_code: string;
  last_used_at: Date;
  saved_by_user_id: string | null;
  saved_by_name: string | null;
};

/** An address's JSON for this person: whether they may delete it depends on who they are in the firm. */
export const toJson = (r: SavedRow, who: { userId: string; membership: Membership | null }): SavedAddressJson => ({
  id: r.id,
  scope: r.scope,
  street1: r.street1,
  street2: r.street2,
  city: r.city,
  state: r.state,
  zipCode: r.zip_code,
  lastUsedAt: r.last_used_at.toISOString(),
  savedBy: r.scope === 'firm' && r.saved_by_user_id ? { userId: r.saved_by_user_id, name: r.saved_by_name ?? '' } : null,
  canDelete: r.scope === 'personal' || who.membership?.role === 'owner' || r.saved_by_user_id === who.userId,
});

/** The same address, case aside, as both books' unique indexes read it. */
export const SAME_ADDRESS = `lower(f.street1) = lower(s.street1) and lower(coalesce(f.street2, '')) = lower(coalesce(s.street2, ''))
  and lower(f.city) = lower(s.city) and f.state = s.state and f.zip_code = s.zip_code`;

/**
 * The person's addresses and their firm's, the last used first. A personal address the firm also
 * keeps is shown once, as the firm's.
 */
export async function listAddresses(db: Queryable, userId: string): Promise<SavedAddressJson[]> {
  const membership = await membershipOf(db, userId);
  const firmId = membership?.firmId ?? null;
  const rows = await db<SavedRow[]>`
    select * from (
      select f.id, 'firm' as scope, f.street1, f.street2, f.city, f.state, f.zip_code, f.last_used_at, f.created_at, f.saved_by_user_id,
        nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as saved_by_name
      from firm_addresses f left join users u on u.id = f.saved_by_user_id
      where f.firm_id = ${firmId}
      union all
      select s.id, 'personal', s.street1, s.street2, s.city, s.state, s.zip_code, s.last_used_at, s.created_at, s.user_id, null
      from saved_addresses s
      where s.user_id = ${userId} and not exists (select 1 from firm_addresses f where f.firm_id = ${firmId} and ${db.unsafe(SAME_ADDRESS)})
    ) book
    order by last_used_at desc, created_at desc limit ${MAX_SAVED_ADDRESSES + MAX_FIRM_ADDRESSES}`;
  return rows.map((r) => toJson(r, { userId, membership }));
}
