/**
 * The field's error state handed to antd's controls as antd's `Form.Item` handed it: antd's Select, DatePicker and
 * Input read their `status` and the ✕ in their box from the form item's context, and the light field template
 * (light/FieldTemplate.tsx) draws no form item. Loaded with the antd controls it serves, never with the first screen.
 */
import { CloseCircleFilled } from '@ant-design/icons';
import { FormItemInputContext } from 'antd/es/form/context.js';
import { type ComponentType, type JSX, type ReactNode, useContext, useMemo } from 'react';
import { FieldStatusContext } from '../light/fieldStatus.js';

const FEEDBACK_ICON = (
  <span className="ant-form-item-feedback-icon ant-form-item-feedback-icon-error">
    <CloseCircleFilled />
  </span>
);

/** What antd's `Form.Item` (its StatusProvider) gives its controls for this status. */
function formItemStatus(invalid: boolean, feedback: boolean) {
  return {
    status: invalid ? ('error' as const) : ('' as const),
    hasFeedback: feedback,
    feedbackIcon: invalid && feedback ? FEEDBACK_ICON : undefined,
    isFormItemInput: true,
  };
}

export function AntdFieldStatus({ children }: { children: ReactNode }) {
  const { invalid, feedback } = useContext(FieldStatusContext);
  const value = useMemo(() => formItemStatus(invalid, feedback), [invalid, feedback]);
  return <FormItemInputContext.Provider value={value}>{children}</FormItemInputContext.Provider>;
}

/** `Control` inside `AntdFieldStatus`. */
export function withAntdFieldStatus<P>(Control: ComponentType<P>): ComponentType<P> {
  function WithFieldStatus(props: P) {
    return (
      <AntdFieldStatus>
        <Control {...(props as P & JSX.IntrinsicAttributes)} />
      </AntdFieldStatus>
    );
  }
  WithFieldStatus.displayName = `WithFieldStatus(${Control.displayName ?? Control.name})`;
  return WithFieldStatus;
}
