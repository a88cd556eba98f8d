/**
 * What antd's components need from the runner: its texts in the form's language. The runner provides them through
 * this context, which imports nothing of antd's code, so a form's first screen, drawn by light controls only, carries
 * none of it; the parts that draw antd's components (loaded when used) put them, with the engine's theme, into antd's
 * own ConfigProvider (`antdScope.tsx`).
 */
import type { Locale as AntdLocale } from 'antd/es/locale/index.js';
import { createContext } from 'react';

export interface AntdSettings {
  /** antd's texts (date-picker months, 'OK', empty states); undefined: antd's built-in English. */
  locale?: AntdLocale;
}

export const AntdSettingsContext = createContext<AntdSettings>({});
