/** antd's searchable Select over the countries: the heavy control of the country widget and field (see loadOnUse). */
import { Select } from 'antd';
import { byMatch, matchesLabel } from '../../i18n/countryNames.js';
import type { Handoff } from '../shared/loadOnUse.js';

export interface CountrySelectProps {
  id: string;
  /** The chosen option's value (an ISO code, or the English name). */
  value: string | undefined;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
  disabled?: boolean;
  onChange: (value: string | undefined) => void;
  onBlur: () => void;
  onFocus: () => void;
  'aria-invalid': boolean;
  'aria-describedby': string;
  handoff?: Handoff;
}

export function CountrySelect({ handoff, onChange, ...props }: CountrySelectProps) {
  return (
    <Select
      {...props}
      showSearch={{ filterOption: (input, option) => matchesLabel(input, option?.label), filterSort: byMatch }}
      style={{ width: '100%' }}
      defaultOpen={handoff?.open}
      onChange={(v?: string) => onChange(v ?? undefined)}
    />
  );
}
