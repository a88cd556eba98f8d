/**
 * What each field type's widget keeps in browser storage besides the form's data (the face outcome, the passport's
 * document id, the payers' e-mails …). Widgets register their keys here when their registry loads
 * (`widgets/index.ts`), so the engine can forget them with a declined or finished draft without knowing any widget.
 */
import type { CompiledForm } from '@antrag/core/compile/types';

/** The storage keys a field of one type uses, given its `ui:options` and the form it is in. */
export type WidgetStorageKeys = (options: Readonly<Record<string, unknown>>, form: CompiledForm) => Iterable<string>;

const byFieldType = new Map<string, WidgetStorageKeys>();

/** Declares the storage keys of a field type's widget; a later registration for the same type replaces it. */
export function registerStorageKeys(fieldType: string, keys: WidgetStorageKeys): void {
  byFieldType.set(fieldType, keys);
}

/** The registered storage keys of a field type, if its widget keeps any. */
export function storageKeysOfFieldType(fieldType: string): WidgetStorageKeys | undefined {
  return byFieldType.get(fieldType);
}
