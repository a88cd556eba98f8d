/**
 * Step and section headlines and their texts, in antd's heading and text tokens: what `Typography.Title` and
 * `Typography.Paragraph` draw here, without Typography's code (copy, edit, ellipsis), which a form's first screen
 * has no use for.
 */
import { theme } from 'antd';
import type { ReactNode } from 'react';

export function Heading({ level, children }: { level: 2 | 3; children: ReactNode }) {
  const { token } = theme.useToken();
  const style = {
    color: token.colorTextHeading,
    fontFamily: token.fontFamily,
    fontWeight: token.fontWeightStrong,
    fontSize: level === 2 ? token.fontSizeHeading2 : token.fontSizeHeading3,
    lineHeight: level === 2 ? token.lineHeightHeading2 : token.lineHeightHeading3,
    marginTop: 0,
    marginBottom: '0.5em',
  };
  return level === 2 ? <h2 style={style}>{children}</h2> : <h3 style={style}>{children}</h3>;
}

export function Paragraph({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <p style={{ color: token.colorText, fontFamily: token.fontFamily, marginTop: 0, marginBottom: '1em' }}>
      {children}
    </p>
  );
}
