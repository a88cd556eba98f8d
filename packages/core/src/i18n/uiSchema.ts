/**
 * A compiled UI schema (or one node of it) with its text keys translated: titles, placeholders, help,
 * option labels and the text options of `ui:options`, descending into nested nodes. Shared by the engine
 * and widgets that render part of a schema themselves (the payers dialog).
 */
const TEXT_KEYS = ['ui:title', 'ui:placeholder', 'ui:description', 'ui:help'] as const;
const OPTION_TEXT_KEYS = ['content', 'hint', 'tooltip', 'prefix', 'suffix'] as const;

export type Node = Record<string, unknown>;

export function localizeUiNode(node: Node, t: (key: string) => string): Node {
  const out: Node = { ...node };
  for (const key of TEXT_KEYS) if (typeof node[key] === 'string') out[key] = t(node[key] as string);
  if (Array.isArray(node['ui:enumNames'])) out['ui:enumNames'] = (node['ui:enumNames'] as string[]).map((k) => t(k));
  const options = node['ui:options'] as Node | undefined;
  if (options && typeof options === 'object') {
    const o: Node = { ...options };
    for (const key of OPTION_TEXT_KEYS) if (typeof options[key] === 'string') o[key] = t(options[key] as string);
    if (Array.isArray(options.options)) {
      o.options = (options.options as Array<{ value: unknown; label?: string }>).map((opt) => ({
        ...opt,
        label: typeof opt.label === 'string' ? t(opt.label) : opt.label,
      }));
      // RJSF's own select and radio widgets read option names from ui:enumNames
      if (!out['ui:enumNames']) out['ui:enumNames'] = (o.options as Array<{ label?: unknown }>).map((x) => x.label);
    }
    out['ui:options'] = o;
  }
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('ui:') && value && typeof value === 'object' && !Array.isArray(value))
      out[key] = localizeUiNode(value as Node, t);
  }
  return out;
}
