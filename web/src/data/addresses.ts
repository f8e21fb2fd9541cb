/** The signed-in person's address book (GET/POST/DELETE /api/addresses): their own addresses and their firm's, the last used first. */
import useSWR, { mutate } from 'swr';
import { ApiError, apiRequest, fetcher } from './client';
import type { Address, AddressScope, SavedAddressJson } from '#shared/address';

export const ADDRESSES_KEY = '/api/addresses';

/** The book, the last used first; nothing is asked for while `enabled` is false (signed out). */
export function useAddressBook(enabled: boolean) {
  return useSWR<SavedAddressJson[], ApiError>(enabled ? ADDRESSES_KEY : null, fetcher, { revalidateOnMount: true });
}

/** Saves an address in the person's own book or their firm's, then reloads the book. */
export async function saveAddress(address: Address, scope: AddressScope): Promise<SavedAddressJson> {
  const saved = await apiRequest<SavedAddressJson>('POST', ADDRESSES_KEY, { ...address, scope });
  await mutate(ADDRESSES_KEY);
  return saved;
}

/** Removes an address from the book, then reloads it. */
export async function removeAddress(id: string): Promise<void> {
  await apiRequest('DELETE', `${ADDRESSES_KEY}/${id}`);
  await mutate(ADDRESSES_KEY);
}
