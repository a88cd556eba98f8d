import { createContext } from 'react';

/**
 * What antd's `Form.Item` told the antd controls inside it through its context, said by the light field template
 * (FieldTemplate.tsx) instead: whether the field is in error, and whether its box shows the error icon (not for
 * structures: an object's or array's parts draw their own). `shared/antdFieldStatus.tsx` hands it on to the antd
 * controls, which load with their own code.
 */
export interface FieldStatus {
  invalid: boolean;
  feedback: boolean;
}

export const FieldStatusContext = createContext<FieldStatus>({ invalid: false, feedback: false });
