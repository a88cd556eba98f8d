import { agreement } from './agreement.js';
import { checkbox } from './checkbox.js';
import { computed } from './computed.js';
import { country } from './country.js';
import { date } from './date.js';
import { email } from './email.js';
import { faceCapture } from './faceCapture.js';
import { info } from './info.js';
import { lookupSelect } from './lookupSelect.js';
import { month } from './month.js';
import { multiselect } from './multiselect.js';
import { currency, number } from './number.js';
import { otp } from './otp.js';
import { payers } from './payers.js';
import { phone } from './phone.js';
import { place } from './place.js';
import { rate } from './rate.js';
import { select } from './select.js';
import { switchField } from './switch.js';
import { text } from './text.js';
import { textarea } from './textarea.js';
import type { FieldCompiler, FieldCompilers } from './types.js';
import { consentPdf, passportUpload, upload } from './upload.js';

/** The compiler of each DSL field type. A field type of the DSL without a line here does not type-check. */
export const FIELD_COMPILERS: FieldCompilers = {
  text,
  email,
  textarea,
  phone,
  country,
  select,
  multiselect,
  checkbox,
  switch: switchField,
  agreement,
  date,
  month,
  number,
  currency,
  rate,
  place,
  upload,
  passportUpload,
  faceCapture,
  otp,
  consentPdf,
  payers,
  computed,
  info,
  universitySelect: lookupSelect,
  programSelect: lookupSelect,
  locationSelect: lookupSelect,
};

/** The compiler of one field type. */
export function compilerFor<T extends keyof FieldCompilers>(type: T): FieldCompiler<T> {
  return FIELD_COMPILERS[type];
}
