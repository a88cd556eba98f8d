/**
 * antd's ConfigProvider with the engine's theme (`accessibleTheme`: colours that pass WCAG AA, the one UI font) and
 * the runner's texts (`antdSettings.ts`), around each part that draws antd's components. It lives in the code of
 * those parts, loaded with them (`widgets/lazy.tsx`, `loadOnUse.tsx`): the first screen, drawn by the light controls,
 * loads no antd code.
 */
import { ConfigProvider } from 'antd';
import { type ComponentType, type ReactNode, useContext } from 'react';
import { accessibleTheme } from '../../engine/theme.js';
import { AntdSettingsContext } from './antdSettings.js';

export function AntdScope({ children }: { children: ReactNode }) {
  const { locale } = useContext(AntdSettingsContext);
  return (
    <ConfigProvider locale={locale} theme={accessibleTheme}>
      {children}
    </ConfigProvider>
  );
}

/** `Component` drawn inside `AntdScope`. */
export function withAntdScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Scoped(props: P) {
    return (
      <AntdScope>
        <Component {...props} />
      </AntdScope>
    );
  }
  Scoped.displayName = `AntdScope(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Scoped;
}
