import type { JsonValue, SubmitSettings, ValueSource } from '../../dsl/types.js';
import { clean } from '../clean.js';
import type { FieldBuild, FieldCompiler } from './types.js';

export const otp: FieldCompiler<'otp'> = {
  compile: (field, b) => {
    const length = field.length ?? 6;
    return {
      schema: { type: 'string' },
      whenRequired: b.nonEmptyText,
      widget: 'otp',
      checks: [{ pattern: `^\\d{${length}}$`, errorMessage: 'validation.otp' }],
      options: {
        length,
        resendSeconds: field.resendSeconds ?? 60,
        send: field.send ? (compileCall(field.send, b, `${b.pointer}/send`) as unknown as JsonValue) : undefined,
      },
    };
  },
};

/**
 * A call a field makes itself (the code an OTP field sends): its texts as keys, its payload's fields checked
 * against the form's names. The runner performs it as it performs a step's submission.
 */
function compileCall(settings: SubmitSettings, b: FieldBuild, pointer: string): SubmitSettings {
  const t = b.ctx.texts;
  const hint = `${b.ctx.hint}.send`;
  const sources: Array<[ValueSource | string, string]> = [
    ...Object.entries(settings.payload?.fields ?? {}).map(
      ([key, src]) => [src, `${pointer}/payload/fields/${key}`] as [ValueSource | string, string],
    ),
    ...(settings.payload?.set ?? []).map((src, i) => [src, `${pointer}/payload/set/${i}`] as [ValueSource, string]),
  ];
  for (const [src, p] of sources) {
    const from = typeof src === 'string' ? src : src.from;
    const name = from?.split('.')[0];
    if (name) b.checkName(name, 'payload', p);
  }
  return clean({
    ...settings,
    errorMessage: settings.errorMessage
      ? t.key(settings.errorMessage, `${hint}.errorMessage`, `${pointer}/errorMessage`)
      : undefined,
    messageMap: settings.messageMap?.map((m, i) => ({
      contains: m.contains,
      message: t.key(m.message, `${hint}.messageMap.${i}`, `${pointer}/messageMap/${i}/message`),
    })),
    requiresStorage: settings.requiresStorage?.map((r, i) => ({
      key: r.key,
      message: t.key(r.message, `${hint}.requiresStorage.${i}`, `${pointer}/requiresStorage/${i}/message`),
    })),
  });
}
