/** A widget whose typed changes reach the form when typing pauses (see deferredChange.ts). */
import type { WidgetProps } from '@rjsf/utils';
import { type ComponentType, useCallback } from 'react';
import { isLazyComponent } from '../widgets/lazy.js';
import { isKeepingTypedText, useDeferredChange } from './deferredChange.js';

/**
 * `Widget` keeping what is typed in its own state (or, marked by `keepsTypedText`, in its control) until typing
 * pauses, or it loses the focus. A widget whose code loads when used (widgets/lazy.tsx) stays one: the wrapper loads
 * it the same way.
 */
export function withDeferredChange(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  // a control that keeps typed text itself needs no redraw a keystroke (deferredChange.ts)
  const redraw = !isKeepingTypedText(Widget);
  function DeferredWidget(props: WidgetProps) {
    const { value, change, flush } = useDeferredChange<unknown>(props.value, props.onChange, { redraw });
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
