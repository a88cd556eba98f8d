/** Tables, collapse groups and tabs (spec 2.5 and 4). */
import { DownOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Fragment, type ReactNode, useContext, useState } from 'react';
import { useSite } from '../context.js';
import { BlockHeader, Icon, list, MarkdownText, text } from '../ui.js';
import { ChildBlocks } from './nested.js';
import type { BlockProps } from './types.js';

/** A wide table scrolls sideways; keyboard users reach the scroll area with Tab (axe: scrollable-region-focusable). */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled scroll area, not a page landmark of its own
    // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a wide table
    <div className="cs-table-scroll" role="region" aria-label={label || undefined} tabIndex={0}>
      {children}
    </div>
  );
}

export function ComparisonTable({ data }: BlockProps) {
  const headers = list<unknown>(data.headers).map((h) =>
    typeof h === 'string' ? h : text((h as { label?: unknown }).label),
  );
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ScrollRegion label={text(data.headline)}>
        <table className="cs-table">
          <thead>
            <tr>
              <td />
              {headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list(data.rows).map((row) => (
              <tr key={text(row.label)}>
                <th scope="row">
                  {text(row.label)}
                  {text(row.description) ? <small className="cs-muted">{text(row.description)}</small> : null}
                  {text(row.detail) ? <small className="cs-muted">{text(row.detail)}</small> : null}
                </th>
                {list(row.columns).map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <td key={i}>
                    <MarkdownText source={c.content} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

/** Expandable table (TableV2): one open row or none; widths and colSpan default to 1. */
export function TableV2({ data }: BlockProps) {
  const [open, setOpen] = useState(-1);
  const headers = list(data.headers);
  const firstWidth = Number(data.firstColumnWidth ?? 1) || 1;
  const widths = [firstWidth, ...headers.map((h) => Number(h.width ?? 1) || 1)];
  const sum = widths.reduce((a, b) => a + b, 0);
  const style = data.style === 'justify' ? 'justify' : 'stretch';
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} description={data.description} />
      <ScrollRegion label={text(data.headline)}>
        <table className={`cs-table cs-table-${style}`} data-style={style}>
          <colgroup>
            {widths.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              <col key={i} style={{ width: `${(100 * w) / sum}%` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{text(data.firstColumnName)}</th>
              {headers.map((h) => (
                <th key={text(h.label)} scope="col">
                  {text(h.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list(data.rows).map((row, r) => {
              const subRows = list(row.subRows);
              const expanded = open === r;
              return (
                <Fragment key={text(row.name)}>
                  <tr>
                    <th scope="row">
                      {subRows.length > 0 ? (
                        <button
                          type="button"
                          className="cs-row-toggle"
                          aria-expanded={expanded}
                          onClick={() => setOpen(expanded ? -1 : r)}
                        >
                          <DownOutlined aria-hidden rotate={expanded ? 180 : 0} /> <Icon name={row.icon} />{' '}
                          {text(row.name)}
                        </button>
                      ) : (
                        <>
                          <Icon name={row.icon} /> {text(row.name)}
                        </>
                      )}
                      {text(row.note) ? (
                        <span className="cs-note" title={text(row.note)}>
                          {' '}
                          <InfoCircleOutlined aria-hidden /> <small>{text(row.note)}</small>
                        </span>
                      ) : null}
                    </th>
                    {list(row.columns).map((c, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                      <td key={i} colSpan={Number(c.colSpan ?? 1) || 1}>
                        {text(c.label)}
                      </td>
                    ))}
                  </tr>
                  {expanded
                    ? subRows.map((sub) => (
                        <tr key={text(sub.label)} className="cs-sub-row">
                          <th scope="row">{text(sub.label)}</th>
                          <td colSpan={headers.length}>{list<string>(sub.items).map(text).join(' · ')}</td>
                        </tr>
                      ))
                    : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

/**
 * Collapse groups (AccordionGroup): mode 'accordion' keeps one panel open. Panels start open when not collapsible
 * or marked collapsibleDefaultActive; a non-collapsible panel is disabled and has no arrow.
 */
export function AccordionGroup({ data, id }: BlockProps) {
  return (
    <div className="cs-width">
      <BlockHeader headline={data.headline} />
      {list(data.items).map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups are positional
        <CollapseGroup key={g} group={group} id={`${id}-${g}`} />
      ))}
    </div>
  );
}

function CollapseGroup({ group, id }: { group: Record<string, unknown>; id: string }) {
  const renderChildren = useContext(ChildBlocks);
  const panels = list(group.components).filter((c) => c.visible !== false);
  const accordion = group.mode === 'accordion';
  const initial = panels
    .map((p, i) => (p.collapsible === false || p.collapsibleDefaultActive ? i : -1))
    .filter((i) => i >= 0);
  const [open, setOpen] = useState<number[]>(accordion ? initial.slice(0, 1) : initial);
  const toggle = (i: number) =>
    setOpen((now) => (now.includes(i) ? now.filter((x) => x !== i) : accordion ? [i] : [...now, i]));
  return (
    <div className="cs-accordion">
      {panels.map((panel, i) => {
        const collapsible = panel.collapsible !== false;
        const isOpen = !collapsible || open.includes(i);
        const panelId = `${id}-${text(panel.key) || i}`;
        return (
          <div key={panelId} className="cs-accordion-item">
            <h3>
              <button
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                disabled={!collapsible}
                onClick={() => toggle(i)}
              >
                {collapsible ? <DownOutlined aria-hidden rotate={isOpen ? 180 : 0} /> : null} {text(panel.headline)}
              </button>
            </h3>
            <div id={panelId} hidden={!isOpen} className={panel.paddingless ? 'cs-paddingless' : 'cs-panel'}>
              <MarkdownText source={panel.content} />
              {renderChildren(panel.children)}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Tabs: one tab bar for desktop and one for mobile (a scrolling bar). */
export function Tabs({ data, id }: BlockProps) {
  const renderChildren = useContext(ChildBlocks);
  const { viewport } = useSite();
  const items = list(data.items);
  const [active, setActive] = useState(0);
  return (
    <div className="cs-width">
      <div role="tablist" className={`cs-tabs cs-tabs-${viewport}`}>
        {items.map((tab, i) => (
          <button
            key={text(tab.value)}
            id={`${id}-tab-${i}`}
            type="button"
            role="tab"
            aria-selected={i === active}
            aria-controls={`${id}-panel-${i}`}
            className={i === active ? 'cs-tab cs-tab-active' : 'cs-tab'}
            onClick={() => setActive(i)}
          >
            {text(tab.label)}
          </button>
        ))}
      </div>
      {items.map((tab, i) => (
        <div
          key={text(tab.value)}
          id={`${id}-panel-${i}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${i}`}
          hidden={i !== active}
        >
          {i === active ? renderChildren(tab.children) : null}
        </div>
      ))}
    </div>
  );
}
