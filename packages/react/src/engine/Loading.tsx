/**
 * The engine's spinner (antd's Spin drawn without antd's code: chrome/Spinner.tsx) as a status named by its label.
 */
import { Spinner, type SpinnerSize } from './chrome/Spinner.js';

export function Loading({ label, size }: { label: string; size?: SpinnerSize }) {
  return <Spinner label={label} size={size} className="antrag-loading" />;
}
