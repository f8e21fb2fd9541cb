/**
 * Every change to the address books: save an address in a person's own book or in their firm's
 * (the same address moves to the top; each book keeps its most recently used), mark the address a
 * checkout shipped to as used, and remove one.
 */
import type { Address } from '#shared/address';
import type { Queryable } from '../../lib/db';
import { forbidden, notFound } from '../../lib/errors';
import { membershipOf } from '../../firms/membership';
import { MAX_FIRM_ADDRESSES, MAX_SAVED_ADDRESSES, SAME_ADDRESS, toJson, type SavedAddressJson, type SavedRow } from '../addressBook';

const RETURNING = `id, street1, street2, city, state, zip_code, last_used_at`;

/** Saves the address in the person's own book (or marks the same one used now); resolves with it as saved. */
export async function rememberAddress(tx: Queryable, userId: string, address: Address): Promise<SavedAddressJson> {
  const [row] = await tx<SavedRow[]>`
    insert into saved_addresses (user_id, street1, street2, city, state, zip_code)
    values (${userId}, ${address.street1}, ${address.street2 ?? null}, ${address.city}, ${address.state}, ${address.zipCode})
    on conflict (user_id, lower(street1), lower(coalesce(street2, '')), lower(city), state, zip_code)
    do update set last_used_at = clock_timestamp()
    returning ${tx.unsafe(RETURNING)}, 'personal' as scope, user_id as saved_by_user_id, null as saved_by_name`;
  await tx`
    delete from saved_addresses where user_id = ${userId} and id not in (
      select id from saved_addresses where user_id = ${userId} order by last_used_at desc, created_at desc limit ${MAX_SAVED_ADDRESSES})`;
  return toJson(row, { userId, membership: null });
}

/**
 * Saves the address in the person's firm's book (or marks the same one used now, keeping who first
 * saved it); 404 for someone who belongs to no firm.
 */
export async function rememberFirmAddress(tx: Queryable, userId: string, address: Address): Promise<SavedAddressJson> {
  const membership = await membershipOf(tx, userId);
  if (!membership) throw notFound('You do not belong to a firm.');
  const [row] = await tx<SavedRow[]>`
    insert into firm_addresses (firm_id, saved_by_user_id, street1, street2, city, state, zip_code)
    values (${membership.firmId}, ${userId}, ${address.street1}, ${address.street2 ?? null}, ${address.city}, ${address.state}, ${address.zipCode})
    on conflict (firm_id, lower(street1), lower(coalesce(street2, '')), lower(city), state, zip_code)
    do update set last_used_at = clock_timestamp()
    returning ${tx.unsafe(RETURNING)}, 'firm' as scope, saved_by_user_id,
      (select nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), '') from users where id = firm_addresses.saved_by_user_id) as saved_by_name`;
  await tx`
    delete from firm_addresses where firm_id = ${membership.firmId} and id not in (
      select id from firm_addresses where firm_id = ${membership.firmId} order by last_used_at desc, created_at desc limit ${MAX_FIRM_ADDRESSES})`;
  return toJson(row, { userId, membership });
}

/**
 * Checkout shipped to this address: the firm's entry moves to the top for everyone when the firm
 * keeps it, else the person's own book saves it.
 */
export async function rememberShippedAddress(tx: Queryable, userId: string, address: Address): Promise<void> {
  const touched = await tx`
    update firm_addresses f set last_used_at = clock_timestamp()
    from (select ${address.street1}::text as street1, ${address.street2 ?? null}::text as street2, ${address.city}::text as city,
                 ${address.state}::text as state, ${address.zipCode}::text as zip_code) s
    where f.firm_id = (select firm_id from firm_members where user_id = ${userId}) and ${tx.unsafe(SAME_ADDRESS)}
    returning f.id`;
  if (touched.length === 0) await rememberAddress(tx, userId, address);
}

/**
 * Removes an address: one of the person's own, or one of their firm's when they are its owner or
 * saved it (403 for another member). 404 when it is neither theirs nor their firm's.
 */
export async function forgetAddress(db: Queryable, userId: string, id: string): Promise<void> {
  const gone = await db`delete from saved_addresses where id = ${id} and user_id = ${userId} returning id`;
  if (gone.length > 0) return;
  const membership = await membershipOf(db, userId);
  const [row] = membership
    ? await db<{ saved_by_user_id: string | null }[]>`select saved_by_user_id from firm_addresses where id = ${id} and firm_id = ${membership.firmId}`
    : [];
  if (!membership || !row) throw notFound('Address not found.');
  if (membership.role !== 'owner' && row.saved_by_user_id !== userId) {
    throw forbidden('Only the firm’s owner or the person who saved this address can remove it from the firm’s address book.');
  }
  await db`delete from firm_addresses where id = ${id} and firm_id = ${membership.firmId}`;
}
