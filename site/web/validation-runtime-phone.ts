/**
 * The browser's validation runtime with the phone-number checks (libphonenumber's metadata), built to
 * `/assets/validation-runtime-phone.js` under a fixed name: a step's precompiled validators that check a phone
 * number load it in their `prepare()`, after the step is drawn, and take its phone functions; the whole form's
 * module imports `runtime` from here; ajv's helpers always come from `validation-runtime.ts` (see
 * `phoneRuntimeImport` in packages/core/src/validate/precompile.ts).
 */
export * as runtime from '@antrag/core/validate/runtime';
