/**
 * The markdown renderer (react-markdown with GitHub tables and lists), in a chunk of its own: only pages whose
 * blocks carry markdown load it. Links open in a new tab; raw HTML is dropped, never executed.
 */
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useHref } from './context.js';
import { slugOf } from './ui.js';

export default function MarkdownView({ content }: { content: string }) {
  const localise = useHref();
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      components={{
        a: ({ href, children }) => (
          <a href={localise(href)} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        ),
        h2: ({ children }) => <h2 id={slugOf(children)}>{children}</h2>,
        h3: ({ children }) => <h3 id={slugOf(children)}>{children}</h3>,
      }}
    >
      {content}
    </Markdown>
  );
}
