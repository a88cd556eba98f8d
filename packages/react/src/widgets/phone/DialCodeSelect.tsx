/** antd's searchable Select of calling codes: the heavy part of the phone field, loaded when it is used (PhoneField). */
import { Select } from 'antd';
import { byMatch, matchesLabel } from '../../i18n/countryNames.js';
import type { Handoff } from '../shared/loadOnUse.js';

export interface DialCodeSelectProps {
  id: string;
  'aria-label': string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** The chosen country (ISO code). */
  value: string | undefined;
  options: Array<{ value: string; label: string }>;
  disabled?: boolean;
  className?: string;
  onChange: (iso: string) => void;
  handoff?: Handoff;
}

export function DialCodeSelect({ handoff, ...props }: DialCodeSelectProps) {
  return (
    <Select
      {...props}
      showSearch={{ filterOption: (input, option) => matchesLabel(input, option?.label), filterSort: byMatch }}
      popupMatchSelectWidth={false}
      style={{ width: '40%' }}
      defaultOpen={handoff?.open}
    />
  );
}
