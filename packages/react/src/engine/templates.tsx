/** The root object of a step laid out as the step plan's sections, each field behind its own error boundary. */

import { evaluateCondition } from '@antrag/core/compile/conditions';
import { isFieldVisible } from '@antrag/core/wizard';
import { deepEquals, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { type CSSProperties, memo, type ReactElement, type ReactNode, useContext } from 'react';
import { ModalSectionsContext, runnerContextOf } from './context.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { Heading, Paragraph } from './Heading.js';
import { LazyModalSection } from './lazyParts.js';
import './layout.css';

/** A row of field cells (`layout.css`). */
function Row({ children }: { children: ReactNode }) {
  return <div className="antrag-row">{children}</div>;
}

function spanOf(uiSchema: unknown, layout: 'vertical' | 'horizontal'): number {
  if (layout === 'vertical') return 24;
  const span = (uiSchema as { 'ui:options'?: { span?: number } } | undefined)?.['ui:options']?.span;
  return typeof span === 'number' && span > 0 && span <= 24 ? span : 24;
}

interface CellProps {
  name: string;
  span: number;
  content: ReactElement;
  errorTitle: string;
}

/**
 * One field's cell: its column and error boundary. Drawn again only when the field's own props change (RJSF's
 * `deepEquals`, which counts functions as equal, as RJSF compares field props): a keystroke in one field of a
 * 300-field step no longer redraws the other 299 cells. What a field reads from other fields reaches it through the
 * registry's `formContext`, which changes when those values do (StepForm), so such a field is drawn again.
 */
const Cell = memo(
  function Cell({ name, span, content, errorTitle }: CellProps) {
    return (
      <div className="antrag-col" style={{ '--antrag-span': span } as CSSProperties} data-field={name}>
        <ErrorBoundary inline what={`Field '${name}'`} title={errorTitle}>
          {content}
        </ErrorBoundary>
      </div>
    );
  },
  (before, after) =>
    before.name === after.name &&
    before.span === after.span &&
    before.errorTitle === after.errorTitle &&
    before.content.type === after.content.type &&
    deepEquals(before.content.props, after.content.props),
);

export function SectionsTemplate(props: ObjectFieldTemplateProps) {
  const { properties, registry, fieldPathId, uiSchema, title, description } = props;
  const ctx = runnerContextOf(registry);
  const modals = useContext(ModalSectionsContext);
  const isRoot = fieldPathId.path.length === 0;
  if (!ctx || !isRoot) {
    // nested structures (phone, address): their fields in order
    return (
      <fieldset id={fieldPathId.$id}>
        {title ? <legend>{title}</legend> : null}
        {description}
        {properties.filter((p) => !p.hidden).map((p) => p.content)}
      </fieldset>
    );
  }
  const { form, stepIndex, data, t } = ctx;
  const byName = new Map(properties.map((p) => [p.name, p]));
  const step = form.steps[stepIndex];
  const placed = new Set(step.sections.flatMap((s) => s.fields));
  const rest = properties.filter((p) => !placed.has(p.name) && !p.hidden);
  const errorTitle = t('errors.unexpected');
  const cell = (name: string, content: ReactElement, span: number) => (
    <Cell key={name} name={name} span={span} content={content} errorTitle={errorTitle} />
  );
  return (
    <div id={fieldPathId.$id}>
      {step.sections.map((section, i) => {
        if (section.visibleIf && !evaluateCondition(section.visibleIf, data)) return null;
        const cells = section.fields
          .filter((name) => isFieldVisible(form, name, data))
          .map((name) => {
            const prop = byName.get(name);
            if (!prop || prop.hidden) return null;
            return cell(
              name,
              prop.content,
              spanOf((uiSchema as Record<string, unknown> | undefined)?.[name], section.layout),
            );
          });
        if (section.display === 'modal') {
          return (
            <LazyModalSection
              // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id and never reorder
              key={i}
              section={section}
              open={modals?.open === i}
              failure={modals?.open === i ? modals.failure : undefined}
              onNext={() => modals?.confirm(i)}
              t={t}
            >
              <Row>{cells}</Row>
            </LazyModalSection>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id and never reorder
          <section key={i} className="antrag-section">
            {section.headline ? <Heading level={3}>{t(section.headline)}</Heading> : null}
            {section.description ? <Paragraph>{t(section.description)}</Paragraph> : null}
            <Row>{cells}</Row>
          </section>
        );
      })}
      {rest.length ? <Row>{rest.map((p) => cell(p.name, p.content, 24))}</Row> : null}
    </div>
  );
}
