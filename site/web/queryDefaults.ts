import type { QueryClientConfig } from '@tanstack/react-query';

/** An answer the server gave on purpose (404: no such form, 410: version retired): asking again changes nothing. */
const isClientError = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * The web app's query defaults: one retry, but none after the server refused on purpose (a 4xx), no refetch when the
 * window regains focus (the form is loaded once).
 */
export const QUERY_DEFAULTS: QueryClientConfig = {
  defaultOptions: {
    queries: { retry: (failures, error) => failures < 1 && !isClientError(error), refetchOnWindowFocus: false },
  },
};
