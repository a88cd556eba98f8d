import type { ReactNode } from 'react';

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/** Only http(s), mailto, tel and relative links; anything else (javascript:, data:) is shown as text. */
function safeHref(url: string): string | undefined {
  return /^(https?:|mailto:|tel:|\/|#)/i.test(url) ? url : undefined;
}

function inline(text: string, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(LINK)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[3] !== undefined) {
      out.push(<strong key={`${keyPrefix}-${i++}`}>{m[3]}</strong>);
    } else {
      const href = safeHref(m[2]);
      out.push(
        href ? (
          <a key={`${keyPrefix}-${i++}`} href={href} target="_blank" rel="noopener noreferrer">
            {m[1]}
          </a>
        ) : (
          m[1]
        ),
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * A small markdown subset as React nodes (never raw HTML): [text](url) links opening in a new tab,
 * **bold**, paragraphs on blank lines and line breaks. `inlineOnly` renders one span (for checkbox labels).
 */
export function Markdownish({ text, inlineOnly = false }: { text: string; inlineOnly?: boolean }) {
  if (inlineOnly) return <span>{inline(text.replace(/\s*\n\s*/g, ' '), 'i')}</span>;
  const paragraphs = text.split(/\n\s*\n/);
  return (
    <>
      {paragraphs.map((p, pi) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={pi} style={{ margin: pi === paragraphs.length - 1 ? 0 : undefined }}>
          {p.split('\n').flatMap((line, li) => {
            const parts = inline(line, `${pi}-${li}`);
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
            return li === 0 ? parts : [<br key={`br-${li}`} />, ...parts];
          })}
        </p>
      ))}
    </>
  );
}
