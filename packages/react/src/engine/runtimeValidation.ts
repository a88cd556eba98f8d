/**
 * Step validation compiled at run time with ajv (needs `eval`): for tests, the CLI and the studio's live
 * preview of a form being edited. The served web app never loads this module; it runs precompiled
 * validators (see validator.ts), so ajv's compiler stays out of form bundles.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import { createAjv } from '@antrag/core/validate/ajv';
import { createFormValidator } from '@antrag/core/validate/compiled';
import type { ValidateFunction } from 'ajv';
import { checkKey, type StepValidation } from './validator.js';

export function runtimeValidation(form: CompiledForm): StepValidation {
  const ajv = createAjv({ strict: false });
  const checks = new Map<string, ValidateFunction>();
  return {
    form: createFormValidator(form, ajv),
    check(schema, data) {
      const key = checkKey(schema);
      let fn = checks.get(key);
      if (!fn) {
        const { $id: _id, ...plain } = schema as Record<string, unknown>;
        fn = ajv.compile(plain);
        checks.set(key, fn);
      }
      return fn(data) === true;
    },
  };
}
