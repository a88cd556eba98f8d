/** A widget whose typed changes reach the form when typing pauses (see deferredChange.ts). */
import type { WidgetProps } from '@rjsf/utils';
import { type ComponentType, useCallback } from 'react';
import { isLazyComponent } from '../widgets/lazy.js';
import { useDeferredChange } from './deferredChange.js';

/**
 * `Widget` keeping what is typed in its own state until typing pauses, or it loses the focus. A widget whose code
 * loads when used (widgets/lazy.tsx) stays one: the wrapper loads it the same way.
 */
export function withDeferredChange(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  function DeferredWidget(props: WidgetProps) {
    const { value, change, flush } = useDeferredChange<unknown>(props.value, props.onChange);
    const { onBlur } = props;
    const blur = useCallback(
      (id: string, blurred: unknown) => {
        flush();
        onBlur(id, blurred);
      },
      [flush, onBlur],
    );
    return <Widget {...props} value={value} onChange={change} onBlur={blur} />;
  }
  DeferredWidget.displayName = `Deferred(${Widget.displayName ?? Widget.name})`;
  if (!isLazyComponent(Widget)) return DeferredWidget;
  return Object.assign(DeferredWidget, { preload: Widget.preload, isLoaded: Widget.isLoaded });
}
