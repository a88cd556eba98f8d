/**
 * Bundle page: JSON Forms with its vanilla renderers and cells (they ship no CSS), `validationMode:
 * 'ValidateAndShow'`, the five fields' JSON Schema and UI schema from ../latency/peers.ts.
 */

import { schema, uischema } from 'virtual:bundle-jsonforms';
import type { JsonFormsCore } from '@jsonforms/core';
import { JsonForms } from '@jsonforms/react';
import { vanillaCells, vanillaRenderers } from '@jsonforms/vanilla-renderers';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Form() {
  const [data, setData] = useState<unknown>({});
  return (
    <JsonForms
      schema={schema}
      uischema={uischema}
      data={data}
      renderers={vanillaRenderers}
      cells={vanillaCells}
      validationMode="ValidateAndShow"
      onChange={({ data: next }: Pick<JsonFormsCore, 'data'>) => setData(next)}
    />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Form />);
