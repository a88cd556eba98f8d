/**
 * The slider's colours for a value that is chosen or not. An antd slider has no empty position, so a slider
 * without a value still draws its handle somewhere; "nothing chosen" is drawn neutral instead: a grey handle (3.4:1
 * against white), no filled track and no passed dots. Chosen: the primary colour on handle, track and passed dots
 * (antd's lighter default border blue is under 3:1 against white).
 */
import { type ThemeConfig, theme } from 'antd';
import { useMemo } from 'react';

export function useSliderTheme(chosen: boolean): ThemeConfig {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      components: {
        Slider: chosen
          ? {
              handleColor: token.colorPrimary,
              trackBg: token.colorPrimary,
              trackHoverBg: token.colorPrimaryHover,
              dotActiveBorderColor: token.colorPrimary,
            }
          : {
              handleColor: token.colorTextTertiary,
              trackBg: 'transparent',
              trackHoverBg: 'transparent',
              dotActiveBorderColor: token.colorBorderSecondary,
            },
      },
    }),
    [chosen, token],
  );
}

/** The class of a slider with nothing chosen (tests and styles find it by it). */
export const UNCHOSEN_CLASS = 'antrag-slider-unchosen';
