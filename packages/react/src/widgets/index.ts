import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { NumberField } from './choice/NumberField.js';
import { ComputedField } from './computed/ComputedField.js';
import { InfoField } from './info/InfoField.js';
import { isLazyComponent, type LazyComponent, lazyComponent } from './lazy.js';
import { EmailWidget, TextWidget } from './text/TextWidget.js';
// the widgets' storage keys, registered with the engine as the registry loads
import './storage.js';

// RJSF's templates that drew antd's Input, with the light text box (the engine's theme takes them instead)
export { BaseInputTemplate } from './light/BaseInputTemplate.js';
// and those that drew antd's Form.Item, title divider and grid: light ones on antd's classes and tokens
export { FieldTemplate } from './light/FieldTemplate.js';
export {
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  TitleFieldTemplate,
} from './light/fieldParts.js';
export { WrapIfAdditionalTemplate } from './light/WrapIfAdditionalTemplate.js';
// an antd control loaded with the field's error state, as antd's form item gave it (RJSF's antd widgets in the registry)
export { withFieldStatus } from './shared/loadOnUse.js';
export type { WidgetFormContext } from './shared/texts.js';
export { signedUpload, UploadError } from './upload/signedUpload.js';

/**
 * Widgets keyed by the names the compiler writes as `ui:widget` (RJSF's own cover text, select, radio, …). Each loads
 * its code when a step uses it (see lazy.tsx): the date picker, selects, sliders and the rest stay out of a form's
 * first screen unless its first step has them.
 */
export const widgets = {
  // the inputs of almost every first screen: drawn at once (antd's Input is there anyway); they stop at `maxLength`
  text: TextWidget,
  email: EmailWidget,
  textarea: lazyComponent<WidgetProps>(() => import('./text/TextareaWidget.js').then((m) => m.TextareaWidget)),
  date: lazyComponent<WidgetProps>(() => import('./date/DateWidget.js').then((m) => m.DateWidget)),
  month: lazyComponent<WidgetProps>(() => import('./date/DateWidget.js').then((m) => m.MonthWidget)),
  currency: lazyComponent<WidgetProps>(() => import('./choice/CurrencyWidget.js').then((m) => m.CurrencyWidget)),
  rate: lazyComponent<WidgetProps>(() => import('./choice/RateWidget.js').then((m) => m.RateWidget)),
  select: lazyComponent<WidgetProps>(() => import('./choice/SelectWidget.js').then((m) => m.SelectWidget)),
  searchSelect: lazyComponent<WidgetProps>(() =>
    import('./choice/SearchSelectWidget.js').then((m) => m.SearchSelectWidget),
  ),
  radio: lazyComponent<WidgetProps>(() => import('./choice/RadioWidget.js').then((m) => m.RadioWidget)),
  choiceButtons: lazyComponent<WidgetProps>(() =>
    import('./choice/ChoiceButtonsWidget.js').then((m) => m.ChoiceButtonsWidget),
  ),
  choiceSlider: lazyComponent<WidgetProps>(() =>
    import('./choice/ChoiceSliderWidget.js').then((m) => m.ChoiceSliderWidget),
  ),
  agreement: lazyComponent<WidgetProps>(() => import('./choice/AgreementWidget.js').then((m) => m.AgreementWidget)),
  checkbox: lazyComponent<WidgetProps>(() => import('./choice/CheckboxWidget.js').then((m) => m.CheckboxWidget)),
  checkboxes: lazyComponent<WidgetProps>(() => import('./choice/CheckboxWidget.js').then((m) => m.CheckboxesWidget)),
  otp: lazyComponent<WidgetProps>(() => import('./otp/OtpWidget.js').then((m) => m.OtpWidget)),
  country: lazyComponent<WidgetProps>(() => import('./country/CountryWidget.js').then((m) => m.CountryWidget)),
  switch: lazyComponent<WidgetProps>(() => import('./choice/SwitchWidget.js').then((m) => m.SwitchWidget)),
  number: lazyComponent<WidgetProps>(() => import('./choice/NumberWidget.js').then((m) => m.NumberWidget)),
  range: lazyComponent<WidgetProps>(() => import('./choice/RangeWidget.js').then((m) => m.RangeWidget)),
  tags: lazyComponent<WidgetProps>(() => import('./choice/TagsWidget.js').then((m) => m.TagsWidget)),
  place: lazyComponent<WidgetProps>(() => import('./place/PlaceWidget.js').then((m) => m.PlaceWidget)),
  universitySelect: lazyComponent<WidgetProps>(() =>
    import('./search/UniversitySelectWidget.js').then((m) => m.UniversitySelectWidget),
  ),
  programSelect: lazyComponent<WidgetProps>(() =>
    import('./search/ProgramSelectWidget.js').then((m) => m.ProgramSelectWidget),
  ),
  locationSelect: lazyComponent<WidgetProps>(() =>
    import('./search/LocationSelectWidget.js').then((m) => m.LocationSelectWidget),
  ),
} satisfies RegistryWidgetsType;

/**
 * The fields that load their code when used, each in a chunk of its own (see lazy.tsx), keyed by their `ui:field`
 * names: the heavy ones (camera and video, passport OCR, the payers, the consent PDF, uploads) and those with data or
 * libraries of their own (phone numbers, country names, place search).
 */
export const lazyFields = {
  consentPdf: lazyComponent(() => import('./consent/ConsentPdfField.js').then((m) => m.ConsentPdfField)),
  upload: lazyComponent(() => import('./upload/UploadField.js').then((m) => m.UploadField)),
  passportUpload: lazyComponent(() => import('./passport/PassportUploadField.js').then((m) => m.PassportUploadField)),
  faceCapture: lazyComponent(() => import('./face/FaceCaptureField.js').then((m) => m.FaceCaptureField)),
  payers: lazyComponent(() => import('./payers/PayersField.js').then((m) => m.PayersField)),
  phone: lazyComponent(() => import('./phone/PhoneField.js').then((m) => m.PhoneField)),
  country: lazyComponent(() => import('./country/CountryField.js').then((m) => m.CountryField)),
  place: lazyComponent(() => import('./place/PlaceField.js').then((m) => m.PlaceField)),
} satisfies Record<string, LazyComponent<FieldProps>>;

/** Loads the code of every widget and field here (tests draw them at once, as after a preload). */
export async function preloadAll(): Promise<void> {
  await Promise.all(
    [...Object.values(widgets), ...Object.values(lazyFields)].map((c) =>
      isLazyComponent(c) ? c.preload() : undefined,
    ),
  );
}

/**
 * The fields among these that show the errors inside their value themselves (a payer's row, the face capture's
 * outcome); the engine moves the errors of every other field's parts up to the field, which shows them as one.
 */
export const fieldsShowingNestedErrors: ReadonlySet<string> = new Set(['payers', 'faceCapture']);

/** Fields keyed by the names the compiler writes as `ui:field`, and RJSF's NumberField, replaced (see there). */
export const fields: RegistryFieldsType = {
  ...lazyFields,
  info: InfoField,
  computed: ComputedField,
  NumberField,
};
