import type { FieldProps, RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { AgreementWidget } from './choice/AgreementWidget.js';
import { ChoiceButtonsWidget } from './choice/ChoiceButtonsWidget.js';
import { ChoiceSliderWidget } from './choice/ChoiceSliderWidget.js';
import { CurrencyWidget } from './choice/CurrencyWidget.js';
import { NumberWidget, RangeWidget } from './choice/NumberWidget.js';
import { RadioWidget } from './choice/RadioWidget.js';
import { RateWidget } from './choice/RateWidget.js';
import { SearchSelectWidget } from './choice/SearchSelectWidget.js';
import { SwitchWidget } from './choice/SwitchWidget.js';
import { TagsWidget } from './choice/TagsWidget.js';
import { ComputedField } from './computed/ComputedField.js';
import { CountryField } from './country/CountryField.js';
import { CountryWidget } from './country/CountryWidget.js';
import { DateWidget, MonthWidget } from './date/DateWidget.js';
import { InfoField } from './info/InfoField.js';
import { type LazyComponent, lazyComponent } from './lazy.js';
import { OtpWidget } from './otp/OtpWidget.js';
import { PhoneField } from './phone/PhoneField.js';
import { PlaceField } from './place/PlaceField.js';
import { PlaceWidget } from './place/PlaceWidget.js';
import { LocationSelectWidget } from './search/LocationSelectWidget.js';
import { ProgramSelectWidget } from './search/ProgramSelectWidget.js';
import { UniversitySelectWidget } from './search/UniversitySelectWidget.js';

export type { WidgetFormContext } from './shared/texts.js';
export { signedUpload, UploadError } from './upload/signedUpload.js';

/** Widgets keyed by the names the compiler writes as `ui:widget` (RJSF's own cover text, select, radio, …). */
export const widgets: RegistryWidgetsType = {
  date: DateWidget,
  month: MonthWidget,
  currency: CurrencyWidget,
  rate: RateWidget,
  searchSelect: SearchSelectWidget,
  radio: RadioWidget,
  choiceButtons: ChoiceButtonsWidget,
  choiceSlider: ChoiceSliderWidget,
  agreement: AgreementWidget,
  otp: OtpWidget,
  country: CountryWidget,
  switch: SwitchWidget,
  number: NumberWidget,
  range: RangeWidget,
  tags: TagsWidget,
  place: PlaceWidget,
  universitySelect: UniversitySelectWidget,
  programSelect: ProgramSelectWidget,
  locationSelect: LocationSelectWidget,
};

/** The heavy fields, each in a chunk of its own (see lazy.tsx), keyed by their `ui:field` names. */
export const lazyFields = {
  consentPdf: lazyComponent(() => import('./consent/ConsentPdfField.js').then((m) => m.ConsentPdfField)),
  upload: lazyComponent(() => import('./upload/UploadField.js').then((m) => m.UploadField)),
  passportUpload: lazyComponent(() => import('./passport/PassportUploadField.js').then((m) => m.PassportUploadField)),
  faceCapture: lazyComponent(() => import('./face/FaceCaptureField.js').then((m) => m.FaceCaptureField)),
  payers: lazyComponent(() => import('./payers/PayersField.js').then((m) => m.PayersField)),
} satisfies Record<string, LazyComponent<FieldProps>>;

/** Loads the code of the lazily loaded fields among `names` (all of them without names). */
export async function preloadFields(names: Iterable<string> = Object.keys(lazyFields)): Promise<void> {
  const wanted = [...names].filter((n): n is keyof typeof lazyFields => n in lazyFields);
  await Promise.all(wanted.map((name) => lazyFields[name].preload()));
}

/** Fields keyed by the names the compiler writes as `ui:field`. */
export const fields: RegistryFieldsType = {
  ...lazyFields,
  phone: PhoneField,
  country: CountryField,
  info: InfoField,
  computed: ComputedField,
  place: PlaceField,
};
