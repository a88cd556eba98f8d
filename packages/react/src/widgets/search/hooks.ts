import type { Registry, WidgetProps } from '@rjsf/utils';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWidgetQueryClient, WIDGET_QUERY_KEY } from '../shared/queryClient.js';
import { formContextOf, textsOf } from '../shared/texts.js';
import { lookupUniversity, type SearchChoice } from './api.js';

/** The name of the field this one is fed from (`ui:options.dependsOn`) and that field's current value. */
export function useParentValue(props: WidgetProps): { dependsOn?: string; parent?: string } {
  const { dependsOn } = props.options as { dependsOn?: string };
  if (!dependsOn) return {};
  const raw = formContextOf(props.registry).formData?.[dependsOn];
  const parent = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  return { dependsOn, parent: parent || undefined };
}

/**
 * Clears this field's answer when the field it depends on changes (a program belongs to one university).
 * Not on the first render: a restored draft keeps its answers.
 */
export function useResetWhenParentChanges(parent: string | undefined, value: unknown, clear: () => void): void {
  const previous = useRef(parent);
  useEffect(() => {
    if (previous.current === parent) return;
    previous.current = parent;
    if (value !== undefined && value !== null && value !== '') clear();
  }, [parent, value, clear]);
}

const universityKey = (id: string | undefined, locale: string) => [WIDGET_QUERY_KEY, 'university', id, locale];

/**
 * The university lookup of one id (its name and locations). Failures are silently ignored (spec 002 §8):
 * the answer is then simply absent.
 */
export function useUniversity(id: string | undefined, registry: Registry) {
  const { locale } = textsOf(registry);
  const { apiBase } = formContextOf(registry);
  const client = useWidgetQueryClient();
  return useQuery(
    {
      queryKey: universityKey(id, locale),
      queryFn: ({ signal }) => lookupUniversity(id as string, { language: locale, apiBase, signal }),
      enabled: !!id,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    client,
  );
}

/**
 * Remembers a university chosen from a search answer (whose choices carry a `location` entry, even an empty
 * one), so its dependants need no lookup call. A static option knows no locations: its lookup still runs.
 */
export function rememberUniversity(client: QueryClient, locale: string, choice: SearchChoice): void {
  if ('location' in choice) client.setQueryData(universityKey(choice.value, locale), choice);
}
