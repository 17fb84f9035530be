/**
 * One query client for the whole page, provided by each lazily loaded part that fetches server
 * data (the employee flow, manager mode, set-up) rather than by the app root, so TanStack Query is
 * not part of the code the staff grid waits for. The client is created on first use and shared,
 * so every part sees the same cache.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

let shared: QueryClient | null = null;

function queryClient(): QueryClient {
  shared ??= new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } });
  return shared;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
