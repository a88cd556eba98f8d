/**
 * An `additionalProperties` entry as `@rjsf/antd`'s `WrapIfAdditionalTemplate` draws it: the entry's key in a form
 * item beside its value, and a remove button, with the key in a light text box instead of antd's `Input`. It uses
 * antd's form item and grid, so it loads only when a form draws such an entry (WrapIfAdditionalTemplate.tsx).
 */
import { buttonId, TranslatableString, UI_OPTIONS_KEY, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { Col, Form, Row } from 'antd';
import { TextBox } from './TextBox.js';

const VERTICAL_LABEL_COL = { span: 24 };
const VERTICAL_WRAPPER_COL = { span: 24 };

/** The form context's layout options antd's template reads. */
interface LayoutContext {
  colon?: boolean;
  labelCol?: object;
  readonlyAsDisabled?: boolean;
  rowGutter?: number;
  toolbarAlign?: 'top' | 'middle' | 'bottom';
  wrapperCol?: object;
  wrapperStyle?: object;
}

export function AdditionalPropertyTemplate(props: WrapIfAdditionalTemplateProps) {
  const { children, classNames, style, disabled, displayLabel, id, label, onRemoveProperty, onKeyRenameBlur } = props;
  const { readonly, required, registry, uiSchema } = props;
  const {
    colon,
    labelCol = VERTICAL_LABEL_COL,
    readonlyAsDisabled = true,
    rowGutter = 24,
    toolbarAlign = 'top',
    wrapperCol = VERTICAL_WRAPPER_COL,
    wrapperStyle,
  } = (registry.formContext ?? {}) as LayoutContext;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const keyLabel = registry.translateString(TranslatableString.KeyLabel, [label]);
  // `block` is no prop of the button templates: antd's template puts it into the uiSchema's options
  const uiOptions = uiSchema?.[UI_OPTIONS_KEY] ?? {};
  const buttonUiSchema = { ...uiSchema, [UI_OPTIONS_KEY]: { ...uiOptions, block: true } };
  return (
    <div className={classNames} style={style}>
      <Row align={toolbarAlign} gutter={rowGutter}>
        <Col className="form-additional" flex="1">
          <div className="form-group">
            <Form.Item
              colon={colon}
              className="form-group"
              hasFeedback
              htmlFor={`${id}-key`}
              label={displayLabel ? keyLabel : undefined}
              labelCol={labelCol}
              required={required}
              style={wrapperStyle}
              wrapperCol={wrapperCol}
            >
              <TextBox
                key={label}
                defaultValue={label}
                disabled={disabled || (readonlyAsDisabled && readonly)}
                id={`${id}-key`}
                name={`${id}-key`}
                onBlur={readonly ? undefined : onKeyRenameBlur}
                type="text"
              />
            </Form.Item>
          </div>
        </Col>
        <Col className="form-additional" flex="1">
          {children}
        </Col>
        <Col flex="120px" style={{ marginTop: displayLabel ? '40px' : undefined }}>
          <RemoveButton
            id={buttonId(id, 'remove')}
            className="rjsf-object-property-remove"
            disabled={disabled || readonly}
            onClick={onRemoveProperty}
            uiSchema={buttonUiSchema}
            registry={registry}
          />
        </Col>
      </Row>
    </div>
  );
}
