import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { NumberField } from './choice/NumberField.js';
import { ComputedField } from './computed/ComputedField.js';
import { InfoField } from './info/InfoField.js';
import { isLazyComponent, type LazyComponent, lazyComponent } from './lazy.js';
import { EmailWidget, TextWidget } from './text/TextWidget.js';
// the widgets' storage keys, registered with the engine as the registry loads
import './storage.js';

// antd's Alert without antd's code (the widgets' notices and the engine's chrome)
export { Alert, type AlertProps, type AlertType } from './light/Alert.js';
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
// antd's icons as inline svg, without antd's icon component (the light controls and the engine's chrome)
export { Icon, type IconDefinition, type IconProps } from './light/Icon.js';
export { WrapIfAdditionalTemplate } from './light/WrapIfAdditionalTemplate.js';
// an antd control loaded with the field's error state, as antd's form item gave it (RJSF's antd widgets in the registry)
export { type AntdSettings, AntdSettingsContext } from './shared/antdSettings.js';
export { withFieldStatus } from './shared/loadOnUse.js';
export type { WidgetFormContext } from './shared/texts.js';
export { signedUpload, UploadError } from './upload/signedUpload.js';

/**
 * Widgets keyed by the names the compiler writes as `ui:widget` (RJSF's own cover text, select, radio, …). Each loads
 * its code when a step uses it (see lazy.tsx): the date picker, selects, sliders and the rest stay out of a form's
 * first screen unless its first step has them.
 */
/** A part drawn by the light controls only (no antd component in its code: see lazy.tsx). */
const LIGHT = { light: true } as const;

export const widgets = {
  // the inputs of almost every first screen: drawn at once (antd's Input is there anyway); they stop at `maxLength`
  text: TextWidget,
  email: EmailWidget,
  textarea: lazyComponent<WidgetProps>(
    () => import('./text/TextareaWidget.js').then((m) => m.TextareaWidget),
    undefined,
    LIGHT,
  ),
  date: lazyComponent<WidgetProps>(() => import('./date/DateWidget.js').then((m) => m.DateWidget), undefined, LIGHT),
  month: lazyComponent<WidgetProps>(() => import('./date/DateWidget.js').then((m) => m.MonthWidget), undefined, LIGHT),
  currency: lazyComponent<WidgetProps>(
    () => import('./choice/CurrencyWidget.js').then((m) => m.CurrencyWidget),
    undefined,
    LIGHT,
  ),
  rate: lazyComponent<WidgetProps>(() => import('./choice/RateWidget.js').then((m) => m.RateWidget)),
  select: lazyComponent<WidgetProps>(
    () => import('./choice/SelectWidget.js').then((m) => m.SelectWidget),
    undefined,
    LIGHT,
  ),
  searchSelect: lazyComponent<WidgetProps>(
    () => import('./choice/SearchSelectWidget.js').then((m) => m.SearchSelectWidget),
    undefined,
    LIGHT,
  ),
  radio: lazyComponent<WidgetProps>(
    () => import('./choice/RadioWidget.js').then((m) => m.RadioWidget),
    undefined,
    LIGHT,
  ),
  choiceButtons: lazyComponent<WidgetProps>(
    () => import('./choice/ChoiceButtonsWidget.js').then((m) => m.ChoiceButtonsWidget),
    undefined,
    LIGHT,
  ),
  choiceSlider: lazyComponent<WidgetProps>(() =>
    import('./choice/ChoiceSliderWidget.js').then((m) => m.ChoiceSliderWidget),
  ),
  agreement: lazyComponent<WidgetProps>(
    () => import('./choice/AgreementWidget.js').then((m) => m.AgreementWidget),
    undefined,
    LIGHT,
  ),
  checkbox: lazyComponent<WidgetProps>(
    () => import('./choice/CheckboxWidget.js').then((m) => m.CheckboxWidget),
    undefined,
    LIGHT,
  ),
  checkboxes: lazyComponent<WidgetProps>(
    () => import('./choice/CheckboxWidget.js').then((m) => m.CheckboxesWidget),
    undefined,
    LIGHT,
  ),
  otp: lazyComponent<WidgetProps>(() => import('./otp/OtpWidget.js').then((m) => m.OtpWidget)),
  country: lazyComponent<WidgetProps>(
    () => import('./country/CountryWidget.js').then((m) => m.CountryWidget),
    undefined,
    LIGHT,
  ),
  switch: lazyComponent<WidgetProps>(
    () => import('./choice/SwitchWidget.js').then((m) => m.SwitchWidget),
    undefined,
    LIGHT,
  ),
  number: lazyComponent<WidgetProps>(
    () => import('./choice/NumberWidget.js').then((m) => m.NumberWidget),
    undefined,
    LIGHT,
  ),
  range: lazyComponent<WidgetProps>(() => import('./choice/RangeWidget.js').then((m) => m.RangeWidget)),
  tags: lazyComponent<WidgetProps>(() => import('./choice/TagsWidget.js').then((m) => m.TagsWidget), undefined, LIGHT),
  place: lazyComponent<WidgetProps>(() => import('./place/PlaceWidget.js').then((m) => m.PlaceWidget)),
  universitySelect: lazyComponent<WidgetProps>(
    () => import('./search/UniversitySelectWidget.js').then((m) => m.UniversitySelectWidget),
    undefined,
    LIGHT,
  ),
  programSelect: lazyComponent<WidgetProps>(
    () => import('./search/ProgramSelectWidget.js').then((m) => m.ProgramSelectWidget),
    undefined,
    LIGHT,
  ),
  locationSelect: lazyComponent<WidgetProps>(
    () => import('./search/LocationSelectWidget.js').then((m) => m.LocationSelectWidget),
    undefined,
    LIGHT,
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
  phone: lazyComponent(() => import('./phone/PhoneField.js').then((m) => m.PhoneField), undefined, LIGHT),
  country: lazyComponent(() => import('./country/CountryField.js').then((m) => m.CountryField), undefined, LIGHT),
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
