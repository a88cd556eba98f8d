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
      {/* no-colon: antd puts ':' after every form label, which RJSF's own labels turn off too */}
      <label
        htmlFor={htmlFor}
        id={id}
        className={required ? 'ant-form-item-required ant-form-item-no-colon' : 'ant-form-item-no-colon'}
      >
        {children}
      </label>
    </div>
  );
}
