import type { ReactNode } from 'react';

/** A visible label for custom fields (RJSF does not render one for `ui:field`). */
export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="ant-form-item-label" style={{ textAlign: 'start' }}>
      <label htmlFor={htmlFor} id={id} className={required ? 'ant-form-item-required' : undefined}>
        {children}
      </label>
    </div>
  );
}
