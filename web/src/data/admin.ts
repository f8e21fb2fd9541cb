/** The admin console's data: auth status (polled every 2 s), the order list pages, counters, exports. */
import useSWR, { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import useSWRInfinite from 'swr/infinite';
import { apiRequest, fetcher } from './client';
import type { OrderJson } from '#shared/orderJson';

/** One file of a set the counter can open (`?file=N`). */
export type AdminFileUrl = { fileName: string; firstPosition: number; pageCount: number; url: string };

/** An order as the admin list sends it: the order JSON plus what the print counter needs. */
export type AdminOrder = OrderJson & {
  shortId: string;
  fileSize: number | null;
  hasFile: boolean;
  /** The drawing to view or download; a reprint's is exactly its printed sheets. */
  pdfUrl: string;
  /** A reprint: whether its printed-sheets PDF is built yet (false: "preparing"); null otherwise. */
  printedSheetsReady: boolean | null;
  /** Each file of the set (`?file=N`), in print order. */
  fileUrls: AdminFileUrl[];
  /** A revision's reprint: its sheets by number, and its whole new issue beside them; null otherwise. */
  printedSheets: string[] | null;
  fullIssueUrls: AdminFileUrl[] | null;
  labelUrl: string | null;
  labelCarrier: string | null;
  /** Each shipping package's label (an order with recipients), `?recipientId=` of the label route. */
  packageLabels: { recipientId: string; name: string; trackingNumber: string | null; labelUrl: string | null }[];
  paidAt: string | null;
  completedAt: string | null;
  /** A revision's reprint: the admin list searched for the order it revises. */
  revisionOfUrl: string | null;
};

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const STATUS_LABELS: Record<OrderStatus, string> = { pending: 'Pending', processing: 'Processing', completed: 'Completed', failed: 'Failed' };

/** A status change the console may still take back: its email waits `undoSeconds`. */
export type StatusChange = { historyId: string; emailQueued: boolean; undoSeconds: number };

/** True when moving a paid order to another status emails its customer (the server's transitions table agrees). */
export function changeEmailsCustomer(order: Pick<AdminOrder, 'paymentStatus' | 'status'>, to: OrderStatus): boolean {
  return (order.paymentStatus === 'paid' || order.paymentStatus === 'invoiced') && order.status !== to;
}

export type OrderPage = { orders: AdminOrder[]; nextCursor: string | null };
export type OrderCounts = Record<OrderStatus, number> & { total: number };
export type ExportStatus = {
  exportId: string;
  status: 'processing' | 'completed' | 'failed';
  progress: number;
  totalFiles: number;
  processedFiles: number;
  error: string | null;
};

export const ADMIN_PAGE_SIZE = 50;
const ORDERS_REFRESH_MS = 30_000;

/** Admin auth status, re-polled every 2 s (the spec). `undefined` while the first answer is pending. */
export function useAdminAuth() {
  const { data, error, mutate } = useSWR<{ isAuthenticated: boolean }>('/api/admin/auth/status', fetcher, { refreshInterval: 2000 });
  return { isAuthenticated: data?.isAuthenticated, error, mutate };
}

/** The paid-order list, page by page (cursor), refetched every 30 s while signed in. */
export function useAdminOrders(filters: { q: string; status: string; sort?: 'newest' | 'due' }, enabled: boolean) {
  const getKey = (index: number, previous: OrderPage | null) => {
    if (!enabled) return null;
    if (previous && !previous.nextCursor) return null;
    const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
    if (filters.q.trim()) params.set('q', filters.q.trim());
    if (filters.status !== 'all') params.set('status', filters.status);
    if (filters.sort === 'due') params.set('sort', 'due');
    if (index > 0 && previous?.nextCursor) params.set('cursor', previous.nextCursor);
    return `/api/admin/orders?${params}`;
  };
  return useSWRInfinite<OrderPage>(getKey, fetcher, { refreshInterval: enabled ? ORDERS_REFRESH_MS : 0, revalidateFirstPage: true, keepPreviousData: true });
}

/** The four counters, refreshed with the list. */
export function useOrderCounts(enabled: boolean) {
  return useSWR<OrderCounts>(enabled ? '/api/admin/order-counts' : null, fetcher, { refreshInterval: enabled ? ORDERS_REFRESH_MS : 0 });
}

export const adminApi = {
  login: (username: string, password: string) => apiRequest<{ isAuthenticated: boolean }>('POST', '/api/admin/login', { username, password }),
  logout: () => apiRequest<unknown>('POST', '/api/admin/logout'),
  setStatus: (orderId: string, status: OrderStatus) =>
    apiRequest<AdminOrder & { statusChange: StatusChange | null }>('PATCH', `/api/orders/${orderId}/status`, { status }),
  undoStatus: (orderId: string, historyId: string) => apiRequest<AdminOrder>('POST', `/api/admin/orders/${orderId}/status/undo`, { historyId }),
  generateLabel: (orderId: string) =>
    apiRequest<{ trackingNumber: string; labelUrl: string; order: AdminOrder }>('POST', `/api/admin/generate-label/${orderId}`),
  startExport: (orderIds: string[]) => apiRequest<{ exportId: string }>('POST', '/api/admin/export-files', { orderIds, exportFormat: 'zip' }),
  exportStatus: (exportId: string) => apiRequest<ExportStatus>('GET', `/api/admin/export-status/${exportId}`),
};

/**
 * Whether the admin is signed in, for the navigation bar: read once per visit and kept current by
 * the console's 2 s poll, the admin login and sign-out (they share this key), so a customer's pages
 * do not poll.
 */
export function useAdminSignedIn(): boolean {
  const { data } = useSWR<{ isAuthenticated: boolean }>('/api/admin/auth/status', fetcher);
  return data?.isAuthenticated === true;
}

/** Signs the admin out: ends the session, forgets every cached answer, goes to the admin login. */
export function useAdminSignOut() {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  return async function signOut() {
    try {
      await adminApi.logout();
    } catch {
      // Already signed out on the server: go to the login all the same.
    }
    // Clear every cached answer so nothing of the console outlives the session.
    await mutate(() => true, undefined, { revalidate: false });
    await mutate('/api/admin/auth/status', { isAuthenticated: false }, { revalidate: false });
    navigate('/admin/login');
  };
}
