/**
 * Bundle page: plain RJSF. The five fields' standard JSON Schema in an `@rjsf/antd` Form with the stock
 * `@rjsf/validator-ajv8` validator, nothing of Antrag's.
 */

import { schema } from 'virtual:bundle-rjsf';
import { Form } from '@rjsf/antd';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(
  <Form schema={schema} validator={validator} liveValidate="onChange" />,
);
