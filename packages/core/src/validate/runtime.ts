/**
 * The functions behind Antrag's ajv keywords and formats. Generated validator code (also the
 * precompiled, eval-free browser modules) calls them by name from this module, so this module is
 * the one place their behaviour lives: `runtimeCore.ts` and the phone-number checks (`phone.ts`), which the
 * browser loads apart. Pure: no DOM, no Node APIs.
 */
import { isValidPhone, phoneForSibling } from './phone.js';
import { coreRuntime } from './runtimeCore.js';

export * from './phone.js';
export * from './runtimeCore.js';

const runtime = { ...coreRuntime, isValidPhone, phoneForSibling };
export type ValidationRuntime = typeof runtime;
/** Default export: what precompiled validator modules import. */
export default runtime;
