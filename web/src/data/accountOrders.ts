/** The signed-in customer's orders (GET /api/orders), and what the account screens do with one. */
import useSWR from 'swr';
import { ApiError, apiRequest, fetcher } from './client';
import { CHECKOUT_DATA_KEY, type CheckoutData } from '#shared/checkout';
import type { OrderJson } from '#shared/orderJson';

/** The contract's order JSON, as the account screens read it. */
export type Order = OrderJson;

export const ORDERS_KEY = '/api/orders';

/** The list, newest first; `error` is an ApiError (401 when the session has ended). */
export function useMyOrders(enabled = true) {
  // Refetched on every mount: an order paid a minute ago must show on the dashboard without a reload.
  return useSWR<Order[], ApiError>(enabled ? ORDERS_KEY : null, fetcher, { revalidateOnMount: true });
}

/** Starts a checkout with an earlier order's file and options; stores checkoutData for /checkout. */
export async function startReorder(orderId: string): Promise<CheckoutData> {
  const answer = await apiRequest<{ checkoutData: CheckoutData }>('POST', `/api/orders/${orderId}/reorder`);
  sessionStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(answer.checkoutData));
  return answer.checkoutData;
}
