/**
 * The browser's validation runtime, built to `/assets/validation-runtime.js` under a fixed name: the
 * precompiled validators of `GET /api/forms/{id}/validators.js` import Antrag's keyword runtime and
 * ajv's helpers from it by name (see `BUNDLE_EXPORTS` in renderer/core/validate/precompile.ts). The runtime here
 * lacks the phone-number checks: a step's module that checks a phone number loads them from
 * `validation-runtime-phone.ts` once the step is drawn (its `prepare()`); the whole form's imports that instead.
 */

export * as runtime from '@antrag/core/validate/runtimeCore';
export * as equal from 'ajv/dist/runtime/equal.js';
export * as timestamp from 'ajv/dist/runtime/timestamp.js';
export * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
export * as uri from 'ajv/dist/runtime/uri.js';
export * as validation_error from 'ajv/dist/runtime/validation_error.js';
