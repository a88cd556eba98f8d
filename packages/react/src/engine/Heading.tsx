/**
 * Step and section headlines and their texts, in antd's heading and text tokens (the light controls' custom
 * properties, widgets/light/light.css): what `Typography.Title` and `Typography.Paragraph` draw here, without
 * Typography's code (copy, edit, ellipsis) or antd's theme engine, which a form's first screen has no use for.
 */
import type { CSSProperties, ReactNode, Ref } from 'react';

const HEADING: Record<2 | 3, CSSProperties> = {
  2: {
    color: 'var(--antrag-color-text-heading)',
    fontFamily: 'var(--antrag-font-family)',
    fontWeight: 'var(--antrag-font-weight-strong)' as CSSProperties['fontWeight'],
    fontSize: 'var(--antrag-font-size-heading2)',
    lineHeight: 'var(--antrag-line-height-heading2)',
    marginTop: 0,
    marginBottom: '0.5em',
  },
  3: {
    color: 'var(--antrag-color-text-heading)',
    fontFamily: 'var(--antrag-font-family)',
    fontWeight: 'var(--antrag-font-weight-strong)' as CSSProperties['fontWeight'],
    fontSize: 'var(--antrag-font-size-heading3)',
    lineHeight: 'var(--antrag-line-height-heading3)',
    marginTop: 0,
    marginBottom: '0.5em',
  },
};

const PARAGRAPH: CSSProperties = {
  color: 'var(--antrag-color-text)',
  fontFamily: 'var(--antrag-font-family)',
  marginTop: 0,
  marginBottom: '1em',
};

/** A headline the page moves the focus to (a new step's): focusable by script only, with no ring around a text. */
const FOCUS_TARGET: CSSProperties = { outline: 'none' };

export function Heading({
  level,
  children,
  focusRef,
}: {
  level: 2 | 3;
  children: ReactNode;
  /** Makes the headline a target of the focus (not of Tab). */
  focusRef?: Ref<HTMLHeadingElement>;
}) {
  const target = focusRef ? { ref: focusRef, tabIndex: -1 } : {};
  return level === 2 ? (
    <h2 style={focusRef ? { ...HEADING[2], ...FOCUS_TARGET } : HEADING[2]} {...target}>
      {children}
    </h2>
  ) : (
    <h3 style={focusRef ? { ...HEADING[3], ...FOCUS_TARGET } : HEADING[3]} {...target}>
      {children}
    </h3>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={PARAGRAPH}>{children}</p>;
}
