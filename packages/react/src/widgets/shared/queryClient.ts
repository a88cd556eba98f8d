import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';

let standalone: QueryClient | undefined;

/**
 * The react-query client of the surrounding provider (the runner's), or one shared by widgets rendered
 * without a provider, so that a widget in a bare RJSF form still works instead of throwing.
 */
export function useWidgetQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (client) return client;
  standalone ??= new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  return standalone;
}

/** Query-key prefix of every widget call, so a host can invalidate them together. */
export const WIDGET_QUERY_KEY = 'antrag-widgets';

/** Typed searches fail fast: one quick retry, then the error state (the user is waiting at the field). */
export const SEARCH_RETRY = { retry: 1, retryDelay: 300 } as const;
