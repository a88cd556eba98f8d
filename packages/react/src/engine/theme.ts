/**
 * antd's design tokens where its defaults fail WCAG 2 AA contrast (4.5:1 for normal text on white):
 * the primary and link blue #1677ff (4.1:1: white button text, links) and the description grey rgba(0,0,0,0.45)
 * (pending step titles, field descriptions), the error red #ff4d4f (3.3:1: validation messages) and the
 * placeholder grey rgba(0,0,0,0.25).
 * Everything else stays antd's default.
 */
import type { ThemeConfig } from 'antd';

/**
 * The one UI font of the forms, the content site's (site/web/content/site.css `.cs-site`): the system's own sans
 * serif, so nothing is downloaded and no text shifts when a font arrives. Headlines, texts and antd's fields all
 * use it.
 */
export const UI_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

export const accessibleTheme: ThemeConfig = {
  token: {
    fontFamily: UI_FONT,
    // antd's blue-7: 6.2:1 against white; links take theirs from the info colour
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // hovered and pressed darker still (antd derives lighter ones: white on them falls under 4.5:1)
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    // #595959 on white: 7:1
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    // validation messages and error toasts: antd's red-7, 5.6:1 against white (the default #ff4d4f: 3.3:1)
    colorError: '#cf1322',
    // placeholders ('Select date', a select's 'Please choose'): #737373, 4.7:1 (the default rgba(0,0,0,0.25): 1.9:1)
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};
