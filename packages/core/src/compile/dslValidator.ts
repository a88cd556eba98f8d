import type { ValidateFunction } from 'ajv';

/**
 * The DSL meta-schema's validator, precompiled: `scripts/precompile-meta.mjs` writes it over this module's build
 * (`dist/compile/dslValidator.js`). In the sources it is undefined and `check.ts` compiles the meta-schema at run time.
 */
export const precompiledDslValidator: ValidateFunction | undefined = undefined;
