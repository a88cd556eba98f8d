import { afterEach, describe, expect, it } from 'vitest';
import { browserStorage } from '../../../packages/react/src/api/storage.js';
import { memoryStorage } from './memoryStorage.js';

const NAMES = ['localStorage', 'sessionStorage'] as const;
// the globals as Node defines them (absent, or a getter in newer versions), put back after each test
const original = new Map(NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));

function define(name: (typeof NAMES)[number], descriptor: PropertyDescriptor): void {
  Object.defineProperty(globalThis, name, { configurable: true, ...descriptor });
}

afterEach(() => {
  for (const name of NAMES) {
    const descriptor = original.get(name);
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

describe('browserStorage, the guarded browser storage', () => {
  it('is the local storage by default and the session storage when asked', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    define('localStorage', { value: local });
    define('sessionStorage', { value: session });
    expect(browserStorage()).toBe(local);
    expect(browserStorage('local')).toBe(local);
    expect(browserStorage('session')).toBe(session);
  });

  it('is undefined where reading the storage throws (a browser that disables storage)', () => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    define('localStorage', { get: refuse });
    define('sessionStorage', { get: refuse });
    expect(browserStorage()).toBeUndefined();
    expect(browserStorage('session')).toBeUndefined();
  });

  it('is undefined where there is no storage at all', () => {
    define('localStorage', { value: undefined });
    define('sessionStorage', { value: undefined });
    expect(browserStorage()).toBeUndefined();
    expect(browserStorage('session')).toBeUndefined();
  });
});
