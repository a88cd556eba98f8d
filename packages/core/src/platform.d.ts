/**
 * The only platform APIs the core uses: web standards that Node and every browser have. The core compiles
 * with neither the DOM library nor Node's types, so anything else (a DOM node, `process`, `Buffer`) fails to
 * compile here. The repository's own type check (with DOM and Node) leaves this file out.
 */
declare function structuredClone<T>(value: T): T;

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | Array<[string, string]>);
  get(name: string): string | null;
  toString(): string;
}

/** High-resolution time (the pattern probe of compile/patternSafety.ts). */
declare const performance: { now(): number };
