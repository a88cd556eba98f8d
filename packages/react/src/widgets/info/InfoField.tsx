import type { FieldProps } from '@rjsf/utils';
import { moneyParams } from '../computed/format.js';
import { Alert } from '../light/Alert.js';
import { Markdownish } from '../shared/Markdownish.js';
import { maybe, textsOf } from '../shared/texts.js';

/**
 * A block of text (markdown links, bold, paragraphs) shown as an info or warning notice (antd's Alert's look, drawn
 * without antd's code: it may be on a first screen); holds no data.
 */
export function InfoField(props: FieldProps) {
  const { uiSchema, registry, fieldPathId } = props;
  const {
    content,
    variant = 'info',
    amounts,
  } = (uiSchema?.['ui:options'] ?? {}) as { content?: string; variant?: string; amounts?: unknown };
  const { t, locale } = textsOf(registry);
  const title = maybe(t, uiSchema?.['ui:title']);
  const type =
    variant === 'warning' ? 'warning' : variant === 'error' ? 'error' : variant === 'success' ? 'success' : 'info';
  return (
    <Alert
      id={fieldPathId.$id}
      type={type}
      showIcon
      title={title}
      description={content ? <Markdownish text={t(content, moneyParams(amounts, locale))} /> : undefined}
    />
  );
}
