/**
 * RJSF renders markdown only where a uiSchema asks for it (`ui:enableMarkdownInDescription` / `…InHelp`), which our
 * compiler never writes; yet `@rjsf/core` imports the markdown parser (markdown-to-jsx, about 30 KB gzip) statically
 * into every form. The web app's build points `markdown-to-jsx/react` here (vite.config.ts): the same `Markdown`
 * component, whose parser loads the first time one is drawn. Until then its text shows as it is.
 */
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';

type MarkdownProps = { children?: ReactNode; options?: unknown; [attribute: string]: unknown };

const RealMarkdown = lazy(async () => {
  // the package's main entry: the same parser and component as its `/react` entry, which the build redirects here
  const { Markdown: Component } = await import('markdown-to-jsx');
  return { default: Component as unknown as (props: MarkdownProps) => ReactNode };
});

export function Markdown(props: ComponentProps<typeof RealMarkdown>) {
  return (
    <Suspense fallback={<span>{props.children}</span>}>
      <RealMarkdown {...props} />
    </Suspense>
  );
}

export default Markdown;
