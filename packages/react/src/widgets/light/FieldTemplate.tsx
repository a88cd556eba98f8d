/**
 * RJSF's `FieldTemplate` as `@rjsf/antd` draws it (label above, the control, then the error or help and the
 * description), without antd's `Form.Item`: that item brought antd's form code (the form store, async-validator, the
 * grid, the tooltip) and its styles into every form's first screen. The DOM keeps antd's class names, styled by
 * `field.css` on the same tokens, so the widgets' own `ant-form-item-*` parts (labels of custom fields, their
 * messages) look as before. antd controls inside (selects, date pickers, loaded on use) learn the field's error
 * state from `FieldStatusContext`, as they learnt it from the item.
 */
import { type FieldTemplateProps, getTemplate, getUiOptions } from '@rjsf/utils';
import { useMemo } from 'react';
import { cx } from './cx.js';
import { FieldStatusContext } from './fieldStatus.js';
import './light.css';
import './field.css';

/** The form context's options antd's template reads and the light one keeps (no form here sets the others). */
interface FieldLayoutContext {
  wrapperStyle?: object;
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { children, description, displayLabel, errors, help, rawHelp, hidden, id, label } = props;
  const { rawErrors, rawDescription, registry, required, schema, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  const invalid = !!rawErrors?.length;
  // structures' parts draw their own boxes and icons (antd's `hasFeedback` is off for them)
  const feedback = schema.type !== 'array' && schema.type !== 'object';
  const status = useMemo(() => ({ invalid, feedback }), [invalid, feedback]);
  if (hidden) return <div className="rjsf-field-hidden">{children}</div>;
  const { wrapperStyle } = (registry.formContext ?? {}) as FieldLayoutContext;
  // as antd's: a help text takes the place of the errors (the widget still says it is invalid)
  const explain = (!!rawHelp && help) || (invalid ? errors : undefined);
  // the description element only where there is a text: RJSF hands an empty element otherwise
  const extra = rawDescription ? description : undefined;
  const shownLabel = displayLabel && uiOptions.widget !== 'checkbox' ? label : undefined;
  return (
    <WrapIfAdditionalTemplate {...props}>
      <div
        className={cx(
          'antrag-form-item ant-form-item',
          !!explain && 'ant-form-item-with-help',
          invalid && feedback && 'ant-form-item-has-feedback',
          invalid && 'ant-form-item-has-error',
        )}
        style={wrapperStyle}
      >
        {shownLabel ? (
          <div className="ant-form-item-label">
            <label htmlFor={id} className={required ? 'ant-form-item-required' : undefined} title={shownLabel}>
              {shownLabel}
            </label>
          </div>
        ) : null}
        <div className="ant-form-item-control">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">
              <FieldStatusContext.Provider value={status}>{children}</FieldStatusContext.Provider>
            </div>
          </div>
          {explain || extra ? (
            <div className="ant-form-item-additional">
              {explain ? (
                <div className="ant-form-item-explain ant-form-item-explain-connected">
                  <div className={invalid ? 'ant-form-item-explain-error' : undefined}>{explain}</div>
                </div>
              ) : null}
              {extra ? <div className="ant-form-item-extra">{extra}</div> : null}
            </div>
          ) : null}
        </div>
      </div>
    </WrapIfAdditionalTemplate>
  );
}
