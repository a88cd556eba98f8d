/**
 * The browser's validation runtime with the phone-number checks (libphonenumber's metadata), built to
 * `/assets/validation-runtime-phone.js` under a fixed name: the precompiled validators of a form that checks a phone
 * number import `runtime` from here, ajv's helpers from `validation-runtime.ts` (see `phoneRuntimeImport` in
 * renderer/core/validate/precompile.ts).
 */
export * as runtime from '@antrag/core/validate/runtime';
