/**
 * Each person's address book: the shipping addresses they saved or shipped to, the last used first.
 * Saving an address already in the book moves it to the top; the book keeps the most recent
 * MAX_SAVED_ADDRESSES.
 */
import type { Address } from '#shared/address';
import type { Queryable } from '../lib/db';
import { notFound } from '../lib/errors';

/** Addresses one person's book keeps; the least recently used go first. */
export const MAX_SAVED_ADDRESSES = 50;

/** A saved address as the API sends it. */
export type SavedAddressJson = Address & { id: string; lastUsedAt: string };

type SavedRow = { id: string; street1: string; street2: string | null; city: string; state: string; zip_code: string; last_used_at: Date };

const toJson = (r: SavedRow): SavedAddressJson => ({
  id: r.id,
  street1: r.street1,
  street2: r.street2,
  city: r.city,
  state: r.state,
  zipCode: r.zip_code,
  lastUsedAt: r.last_used_at.toISOString(),
});

/** The person's addresses, the last used first. */
export async function listAddresses(db: Queryable, userId: string): Promise<SavedAddressJson[]> {
  const rows = await db<SavedRow[]>`
    select id, street1, street2, city, state, zip_code, last_used_at from saved_addresses
    where user_id = ${userId} order by last_used_at desc, created_at desc limit ${MAX_SAVED_ADDRESSES}`;
  return rows.map(toJson);
}

/** Saves the address (or marks the same one used now); resolves with it as saved. */
export async function rememberAddress(tx: Queryable, userId: string, address: Address): Promise<SavedAddressJson> {
  const [row] = await tx<SavedRow[]>`
    insert into saved_addresses (user_id, street1, street2, city, state, zip_code)
    values (${userId}, ${address.street1}, ${address.street2 ?? null}, ${address.city}, ${address.state}, ${address.zipCode})
    on conflict (user_id, lower(street1), lower(coalesce(street2, '')), lower(city), state, zip_code)
    do update set last_used_at = clock_timestamp()
    returning id, street1, street2, city, state, zip_code, last_used_at`;
  await tx`
    delete from saved_addresses where user_id = ${userId} and id not in (
      select id from saved_addresses where user_id = ${userId} order by last_used_at desc, created_at desc limit ${MAX_SAVED_ADDRESSES})`;
  return toJson(row);
}

/** Removes one of the person's addresses; 404 when it is not theirs. */
export async function forgetAddress(db: Queryable, userId: string, id: string): Promise<void> {
  const gone = await db`delete from saved_addresses where id = ${id} and user_id = ${userId} returning id`;
  if (gone.length === 0) throw notFound('Address not found.');
}
