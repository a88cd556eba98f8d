import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
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
import { ConsentPdfField } from './consent/ConsentPdfField.js';
import { CountryField } from './country/CountryField.js';
import { CountryWidget } from './country/CountryWidget.js';
import { DateWidget, MonthWidget } from './date/DateWidget.js';
import { FaceCaptureField } from './face/FaceCaptureField.js';
import { InfoField } from './info/InfoField.js';
import { OtpWidget } from './otp/OtpWidget.js';
import { PassportUploadField } from './passport/PassportUploadField.js';
import { PayersField } from './payers/PayersField.js';
import { PhoneField } from './phone/PhoneField.js';
import { PlaceField } from './place/PlaceField.js';
import { PlaceWidget } from './place/PlaceWidget.js';
import { LocationSelectWidget } from './search/LocationSelectWidget.js';
import { ProgramSelectWidget } from './search/ProgramSelectWidget.js';
import { UniversitySelectWidget } from './search/UniversitySelectWidget.js';
import { UploadField } from './upload/UploadField.js';

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

/** Fields keyed by the names the compiler writes as `ui:field`. */
export const fields: RegistryFieldsType = {
  phone: PhoneField,
  country: CountryField,
  info: InfoField,
  computed: ComputedField,
  consentPdf: ConsentPdfField,
  upload: UploadField,
  passportUpload: PassportUploadField,
  place: PlaceField,
  faceCapture: FaceCaptureField,
  payers: PayersField,
};
