/** swr defaults from the spec: no retry, no focus refetch, no interval, data never stale. */
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { fetcher } from './client';

export function ApiProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        fetcher,
        shouldRetryOnError: false,
        revalidateOnFocus: false,
        revalidateOnReconnect: false,
        revalidateIfStale: false,
        refreshInterval: 0,
        dedupingInterval: 2000,
      }}
    >
      {children}
    </SWRConfig>
  );
}
