/**
 * An icon of antd's set (`@ant-design/icons-svg`: the definitions `@ant-design/icons` draws) as an inline `<svg>`,
 * drawn as antd's icon component draws it (1em square, the text's colour, the line's baseline), without that
 * component's code: the light controls and the engine's chrome use it on the first screen. Decoration only, hidden
 * from assistive technology: the control around it carries the name.
 */
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types.js';
import { type CSSProperties, createElement, type ReactNode } from 'react';
import { cx } from './cx.js';
import './icon.css';
import './light.css';

export type { IconDefinition };

export interface IconProps {
  /** The icon's definition, e.g. `import { LoadingOutlined } from '@ant-design/icons-svg'`: the package marks no
   * side effects, so a build keeps only the icons used. */
  icon: IconDefinition;
  /** Turns (antd's `spin`): a loading icon. */
  spin?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** An SVG attribute as React names it: `fill-rule` → `fillRule`; `class` → `className`. */
function reactName(name: string): string {
  if (name === 'class') return 'className';
  if (name.startsWith('data-') || name.startsWith('aria-')) return name;
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

function attrsOf(node: AbstractNode): Record<string, string> {
  return Object.fromEntries<string>(Object.entries(node.attrs).map(([name, value]) => [reactName(name), value]));
}

function draw(node: AbstractNode, key: number): ReactNode {
  return createElement(node.tag, { key, ...attrsOf(node) }, ...(node.children ?? []).map(draw));
}

export function Icon({ icon, spin, className, style }: IconProps) {
  // two-tone icons are functions of their colours: drawn in the one colour of the text
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span
      aria-hidden="true"
      className={cx('antrag-icon', `antrag-icon-${icon.name}`, spin && 'antrag-icon-spin', className)}
      style={style}
    >
      {createElement(
        'svg',
        {
          ...attrsOf(root),
          'data-icon': icon.name,
          width: '1em',
          height: '1em',
          fill: 'currentColor',
          focusable: 'false',
          'aria-hidden': 'true',
        },
        ...(root.children ?? []).map(draw),
      )}
    </span>
  );
}
