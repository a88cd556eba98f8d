/**
 * The fields an upload needs filled before a file may be chosen (DSL rule `requires`, compiled to `requiresField`
 * entries with their message), and whether a value counts as filled. Shared by the upload and passport fields.
 */

export interface RequiredFirst {
  field: string;
  message: string;
}

/**
 * The field's `requiresField` rules, read from the unmerged schema (RJSF merges `allOf` into the field's own
 * schema, and the messages with it); the first schema that has any wins.
 */
export function requiredFirst(...schemas: unknown[]): RequiredFirst[] {
  for (const schema of schemas) {
    const node = schema as { allOf?: unknown[]; requiresField?: unknown } | undefined;
    const entries = [node, ...(Array.isArray(node?.allOf) ? node.allOf : [])];
    const found = entries.flatMap((entry) => {
      const e = entry as { requiresField?: unknown; errorMessage?: unknown } | undefined;
      if (typeof e?.requiresField !== 'string') return [];
      const message = typeof e.errorMessage === 'string' ? e.errorMessage : 'validation.required';
      return [{ field: e.requiresField, message }];
    });
    if (found.length > 0) return found;
  }
  return [];
}

export function filled(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(filled);
  return true;
}

/** The first rule whose field is empty in `data`, if any (without the form's data, none: the schema checks on submit). */
export function missingFirst(
  data: Record<string, unknown> | undefined,
  ...schemas: unknown[]
): RequiredFirst | undefined {
  if (!data) return undefined;
  return requiredFirst(...schemas).find((r) => !filled(data[r.field]));
}
