/**
 * Step and section headlines and their texts, in antd's heading and text tokens (the light controls' custom
 * properties, widgets/light/light.css): what `Typography.Title` and `Typography.Paragraph` draw here, without
 * Typography's code (copy, edit, ellipsis) or antd's theme engine, which a form's first screen has no use for.
 */
import type { CSSProperties, ReactNode } from 'react';

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

export function Heading({ level, children }: { level: 2 | 3; children: ReactNode }) {
  return level === 2 ? <h2 style={HEADING[2]}>{children}</h2> : <h3 style={HEADING[3]}>{children}</h3>;
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={PARAGRAPH}>{children}</p>;
}
