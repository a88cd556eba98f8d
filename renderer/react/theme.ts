/**
 * antd's design tokens where its defaults fail WCAG 2 AA contrast (4.5:1 for normal text on white):
 * the primary blue #1677ff (4.1:1, white button text and links) and the description grey rgba(0,0,0,0.45)
 * (pending step titles, field descriptions). Everything else stays antd's default.
 */
import type { ThemeConfig } from 'antd';

export const accessibleTheme: ThemeConfig = {
  token: {
    // antd's blue-7: 6.2:1 against white
    colorPrimary: '#0958d9',
    // #595959 on white: 7:1
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  },
};
