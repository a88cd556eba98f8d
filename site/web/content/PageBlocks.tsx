/**
 * Page assembly (spec 2.2): every block in a `<section>` carrying its type, dashed-case schema name and id; an
 * unknown type shows the 'not implemented' warning, a block without type the query-error banner.
 */
import { WarningOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { ContentBlock } from './api.js';
import { BLOCKS } from './blocks/index.js';
import { ChildBlocks } from './blocks/nested.js';
import { useText } from './context.js';
import { dashedName } from './logic/index.js';

function Banner({ kind, children }: { kind: 'warning' | 'error'; children: ReactNode }) {
  return (
    <div className={`cs-width cs-banner cs-banner-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <WarningOutlined aria-hidden /> {children}
    </div>
  );
}

export function Block({ block }: { block: ContentBlock }) {
  const t = useText();
  const type = block.__typename;
  if (!type) {
    return (
      <section className="cs-block" data-block-id={block.id} data-block-type="">
        <Banner kind="error">{t('blocks.queryError')}</Banner>
      </section>
    );
  }
  const Component = BLOCKS[type];
  return (
    <section
      className={`cs-block cs-block-${dashedName(type)}`}
      data-block-type={type}
      data-schema={dashedName(type)}
      data-block-id={block.id}
      id={block.id}
    >
      {Component ? (
        <Component data={block.flatData ?? {}} id={block.id ?? type} typename={type} />
      ) : (
        <Banner kind="warning">{t('blocks.notImplemented', { type })}</Banner>
      )}
    </section>
  );
}

function renderBlocks(blocks: unknown): ReactNode {
  if (!Array.isArray(blocks)) return null;
  return (blocks as ContentBlock[]).map((block, i) => <Block key={block.id ?? `block-${i}`} block={block} />);
}

export function PageBlocks({ blocks }: { blocks: unknown }) {
  return <ChildBlocks.Provider value={renderBlocks}>{renderBlocks(blocks)}</ChildBlocks.Provider>;
}
