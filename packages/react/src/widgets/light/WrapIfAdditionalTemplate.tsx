/**
 * RJSF's `WrapIfAdditionalTemplate`, which RJSF's field template wraps around every field: a field that is no
 * `additionalProperties` entry passes through in a `div`, as `@rjsf/antd`'s does, with no antd code; an entry (no
 * form here has one) loads `AdditionalPropertyTemplate`, antd's form item and grid with it, when first drawn.
 */
import { ADDITIONAL_PROPERTY_FLAG, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

const AdditionalPropertyTemplate = lazy(() =>
  import('./AdditionalPropertyTemplate.js').then((m) => ({ default: m.AdditionalPropertyTemplate })),
);

export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { children, classNames, schema, style } = props;
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={classNames} style={style}>
        {children}
      </div>
    );
  }
  return (
    <Suspense fallback={<div className="antrag-field-loading" aria-busy="true" style={{ minHeight: 32 }} />}>
      <AdditionalPropertyTemplate {...props} />
    </Suspense>
  );
}
