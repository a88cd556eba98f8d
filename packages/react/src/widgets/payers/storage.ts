/**
 * What the payers list keeps in browser storage (spec §3): the e-mails of the listed payers, the id of the
 * payer being edited, and the payers inside the wizard's saved draft. Storage may be disabled by the
 * browser; the list then works without it.
 */
import type { DraftSettings } from '@antrag/core/dsl/types';
import { browserStorage } from '../../api/storage.js';

/** Default keys of the spec; `ui:options.emailsStorageKey` / `currentIdStorageKey` override them. */
export const EMAILS_KEY = 'payersEmails';
export const CURRENT_ID_KEY = 'payerId';

export type Payer = Record<string, unknown>;

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The stored e-mails; anything malformed counts as none. */
export function storedEmails(key = EMAILS_KEY): string[] {
  const value = readJson(browserStorage(), key);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Replaces `previous` by `next` in the stored e-mails (either may be absent: an add, a removal). */
export function replaceStoredEmail(previous: string | undefined, next: string | undefined, key = EMAILS_KEY): void {
  const storage = browserStorage();
  if (!storage) return;
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  let emails = storedEmails(key);
  if (previous) emails = emails.filter((e) => !same(e, previous));
  if (next && !emails.some((e) => same(e, next))) emails.push(next);
  try {
    storage.setItem(key, JSON.stringify(emails));
  } catch {
    // storage full or refused: the list itself is the source of truth
  }
}

/** Remembers the payer being edited (spec: `payerId`), or forgets it. */
export function setCurrentPayerId(id: unknown, key = CURRENT_ID_KEY): void {
  const storage = browserStorage();
  try {
    if (id === undefined || id === null || id === '') storage?.removeItem(key);
    else storage?.setItem(key, String(id));
  } catch {
    // see above
  }
}

/**
 * Removes a payer from the field's list inside the saved draft (`{ currentStep, data }`), so that a resumed
 * draft does not bring it back; `matches` tells the removed payer.
 */
export function removeFromDraft(
  draft: DraftSettings | undefined,
  path: readonly (string | number)[],
  matches: (payer: Payer) => boolean,
): void {
  if (!draft?.storageKey || path.length === 0) return;
  const storage = browserStorage(draft.storage);
  if (!storage) return;
  const saved = readJson(storage, draft.storageKey) as { data?: unknown } | undefined;
  let node: unknown = saved?.data;
  for (const part of path.slice(0, -1)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[String(part)] : undefined;
  }
  const last = String(path[path.length - 1]);
  if (!node || typeof node !== 'object') return;
  const holder = node as Record<string, unknown>;
  const list = holder[last];
  if (!Array.isArray(list)) return;
  const kept = list.filter((p) => !(p && typeof p === 'object' && matches(p as Payer)));
  if (kept.length === list.length) return;
  holder[last] = kept;
  try {
    storage?.setItem(draft.storageKey, JSON.stringify(saved));
  } catch {
    // see above
  }
}
