import type { QueryClientConfig } from '@tanstack/react-query';

/** The web app's query defaults: one retry, no refetch when the window regains focus (the form is loaded once). */
export const QUERY_DEFAULTS: QueryClientConfig = {
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
};
