import type { JsonValue } from '../../dsl/types.js';
import { cappedString, TEXT_LIMITS } from '../limits.js';
import type { FieldCompiler } from './types.js';

export const faceCapture: FieldCompiler<'faceCapture'> = {
  compile: (field, b) => {
    // the message is the form's text only where it is used
    const acceptMessage = !field.acceptRequired
      ? undefined
      : field.acceptRequiredMessage
        ? b.text(field.acceptRequiredMessage, 'acceptRequiredMessage')
        : 'face.acceptRequired';
    return {
      schema: {
        type: 'object',
        properties: {
          status: { enum: ['accept', 'review', 'reject'] },
          message: cappedString(TEXT_LIMITS.note) as JsonValue,
        },
      },
      // RJSF starts an object field as `{}`: "no outcome yet" is a missing status, said as the field's
      // required message at the field itself. A bare `required` would be reported at `/status`, a property
      // with no input of its own; the double negation keeps the error at the field.
      whenRequired: { not: { not: { required: ['status'] } }, errorMessage: b.required },
      checks: acceptMessage ? [{ properties: { status: { const: 'accept' } }, errorMessage: acceptMessage }] : [],
      uiField: 'faceCapture',
      options: {
        durationSeconds: field.durationSeconds ?? 5,
        width: field.width ?? 1280,
        height: field.height ?? 720,
        format: field.format ?? 'mp4',
        storageKey: field.storageKey,
        acceptRequired: field.acceptRequired || undefined,
        onAccept: field.onAccept
          ? { back: field.onAccept.back ?? 0, finishAfterMs: field.onAccept.finishAfterMs ?? 0 }
          : undefined,
        // the field shows its messages inside its own frame, next to the camera (RJSF's template would repeat them)
        hideError: true,
      },
    };
  },
};
