/**
 * Names the lists that select boxes open.
 *
 * antd's Select (rc-select) draws the list it opens as a `role="listbox"` element with no name, and takes no prop that
 * would give it one, so a screen reader meets an unnamed list and axe reports `aria-input-field-name` (serious) while
 * any select is open. Each listbox that appears is named after the field whose combobox controls it: by the
 * combobox's own `aria-labelledby`, else its `<label for>`, else its `aria-label`.
 */

const NAMED = ['aria-label', 'aria-labelledby', 'title'];

/** `value` inside a double-quoted attribute selector. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

function nameListbox(listbox: Element, doc: Document): void {
  if (!listbox.id || NAMED.some((a) => listbox.hasAttribute(a))) return;
  const escaped = quoted(listbox.id);
  // rc-select names its list `{combobox id}_list`, and points to it only while open
  const byId = listbox.id.endsWith('_list') ? doc.getElementById(listbox.id.slice(0, -'_list'.length)) : null;
  const combobox =
    doc.querySelector(`[role="combobox"][aria-controls=${escaped}], [aria-owns=${escaped}]`) ??
    (byId?.getAttribute('role') === 'combobox' ? byId : null);
  if (!combobox) return;
  const labelledBy = combobox.getAttribute('aria-labelledby');
  if (labelledBy) {
    listbox.setAttribute('aria-labelledby', labelledBy);
    return;
  }
  const label = combobox.id ? doc.querySelector(`label[for=${quoted(combobox.id)}]`) : null;
  if (label) {
    if (!label.id) label.id = `${combobox.id}__label`;
    listbox.setAttribute('aria-labelledby', label.id);
    return;
  }
  const own = combobox.getAttribute('aria-label');
  if (own) listbox.setAttribute('aria-label', own);
}

function nameWithin(node: Node, doc: Document): void {
  if (!(node instanceof Element)) return;
  if (node.getAttribute('role') === 'listbox') nameListbox(node, doc);
  for (const listbox of node.querySelectorAll('[role="listbox"]')) nameListbox(listbox, doc);
}

/**
 * Names every listbox in `doc` now and each one added later (lists open in popups at the end of the body, or beside
 * their field); returns the function that stops watching.
 */
export function nameListboxes(doc: Document = document): () => void {
  nameWithin(doc.body, doc);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) nameWithin(node, doc);
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
