import { describe, expect, it } from 'vitest';
import { BufferStore } from '../../../site/web/studio/buffers.js';

/** A Storage as browsers have it, in memory; `full` makes every write fail as a full storage does. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('quota exceeded', 'QuotaExceededError');
    this.items.set(key, String(value));
  }
}

describe('the buffers kept until saved', () => {
  it('keeps the text, the version it started from and when, per file, until dropped', () => {
    const storage = new MemoryStorage();
    const store = new BufferStore(storage, 'schemas', () => 1000);
    expect(store.keep('contact/contact.form.json', '{"id":1}', 'etag-1')).toBe(true);
    expect(store.get('contact/contact.form.json')).toEqual({ text: '{"id":1}', etag: 'etag-1', updated: 1000 });
    store.drop('contact/contact.form.json');
    expect(store.get('contact/contact.form.json')).toBeUndefined();
  });

  it('keeps a new file without a version and lists the files with kept buffers', () => {
    const store = new BufferStore(new MemoryStorage(), 'schemas');
    store.keep('b.form.json', '{}', undefined);
    store.keep('a/new.form.json', '{}', undefined);
    expect(store.get('b.form.json')?.etag).toBeUndefined();
    expect(store.paths()).toEqual(['a/new.form.json', 'b.form.json']);
  });

  it('keeps two folders apart', () => {
    const storage = new MemoryStorage();
    new BufferStore(storage, 'schemas').keep('x.form.json', 'one', undefined);
    new BufferStore(storage, '/tmp/other').keep('x.form.json', 'two', undefined);
    expect(new BufferStore(storage, 'schemas').get('x.form.json')?.text).toBe('one');
    expect(new BufferStore(storage, '/tmp/other').paths()).toEqual(['x.form.json']);
  });

  it('remembers the file open last', () => {
    const storage = new MemoryStorage();
    const store = new BufferStore(storage, 'schemas');
    store.lastOpened = 'contact/contact.form.json';
    expect(new BufferStore(storage, 'schemas').lastOpened).toBe('contact/contact.form.json');
    store.lastOpened = undefined;
    expect(store.lastOpened).toBeUndefined();
  });

  it('says when the storage is full, and reads anything malformed as nothing kept', () => {
    const storage = new MemoryStorage();
    const store = new BufferStore(storage, 'schemas');
    storage.full = true;
    expect(store.keep('x.form.json', 'text', undefined)).toBe(false);
    storage.full = false;
    storage.setItem('antrag-studio:v1:schemas:buffer:y.form.json', '{not json');
    storage.setItem('antrag-studio:v1:schemas:buffer:z.form.json', '{"text":3}');
    expect(store.get('y.form.json')).toBeUndefined();
    expect(store.get('z.form.json')).toBeUndefined();
  });

  it('works without storage at all (switched off), keeping nothing', () => {
    const store = new BufferStore(undefined, 'schemas');
    expect(store.keep('x.form.json', 'text', undefined)).toBe(false);
    expect(store.get('x.form.json')).toBeUndefined();
    expect(store.paths()).toEqual([]);
  });
});
