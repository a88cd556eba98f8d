import type { JsonValue, Text, UploadSettings } from '../../dsl/types.js';
import { clean } from '../clean.js';
import { acceptedMimeTypes, sizeInBytes } from '../files.js';
import { cappedString, TEXT_LIMITS } from '../limits.js';
import type { JsonSchema } from '../types.js';
import type { FieldBuild, FieldCompiler, FieldOf, FieldParts } from './types.js';

type UploadType = 'upload' | 'passportUpload' | 'consentPdf';
type MessageKind = 'type' | 'size' | 'count' | 'failed';

/** The consent PDF's fixed file settings: one signed PDF or image of it. */
const CONSENT_FILES: UploadSettings = { accept: ['.pdf', '.jpg', '.jpeg', '.png'], maxFiles: 1, unitBase: 1000 };

/** Files: a list of upload records, checked for type, size, count and a finished upload. */
function files(field: FieldOf<UploadType>, b: FieldBuild): FieldParts {
  const settings = field.type === 'consentPdf' ? CONSENT_FILES : field;
  const messages: Partial<Record<MessageKind, Text>> = field.type === 'consentPdf' ? {} : (field.messages ?? {});
  const msg = (k: MessageKind, fallback: string) => {
    const own = messages[k];
    return own ? b.text(own, `messages.${k}`) : fallback;
  };
  const checks: JsonSchema[] = [];
  const options: Record<string, JsonValue | undefined> = {};
  if (settings.accept && settings.accept.length > 0) {
    const mimes = acceptedTypes(settings.accept, b);
    checks.push({ items: { properties: { type: { enum: mimes } } }, errorMessage: msg('type', 'upload.type') });
    options.accept = settings.accept;
    options.mimeTypes = mimes;
  }
  const base = settings.unitBase ?? 1000;
  const min = settings.minSize ? sizeInBytes(settings.minSize, base) : undefined;
  const max = settings.maxSize ? sizeInBytes(settings.maxSize, base) : undefined;
  if (min !== undefined || max !== undefined) {
    checks.push({
      items: { properties: { size: clean({ minimum: min, maximum: max }) as JsonValue } },
      errorMessage: msg('size', 'upload.size'),
    });
  }
  const maxFiles = settings.maxFiles ?? 1;
  checks.push({ maxItems: maxFiles, errorMessage: msg('count', 'upload.count') });
  checks.push({ items: { properties: { status: { const: 'done' } } }, errorMessage: 'validation.uploadInProgress' });
  Object.assign(options, {
    minBytes: min,
    maxBytes: max,
    maxFiles,
    unitBase: base,
    messages: clean({
      type: msg('type', 'upload.type'),
      size: msg('size', 'upload.size'),
      count: msg('count', 'upload.count'),
      failed: msg('failed', 'upload.failed'),
    }),
  });
  return {
    schema: { type: 'array', items: fileRecordSchema() as JsonValue },
    whenRequired: { minItems: 1, errorMessage: b.required },
    checks,
    uiField: field.type,
    options,
  };
}

/** The MIME types of an accept list; an entry that is neither a MIME type nor a known extension is an error. */
function acceptedTypes(accept: string[], b: FieldBuild): string[] {
  const { mimes, unknown } = acceptedMimeTypes(accept);
  for (const u of unknown) {
    b.ctx.diagnostics.push({
      severity: 'error',
      code: 'unknown-file-type',
      message: `accept lists '${u}', which is neither a MIME type nor a known extension`,
      pointer: `${b.pointer}/accept`,
    });
  }
  return mimes;
}

function fileRecordSchema(): JsonSchema {
  // the file's own name may hold any character its file system allows: bounded in length only
  const text = (max: number, extra: JsonSchema = {}) => cappedString(max, extra) as JsonValue;
  return {
    type: 'object',
    required: ['uid', 'name', 'type', 'size', 'status'],
    properties: {
      uid: text(TEXT_LIMITS.fileName, { minLength: 1 }),
      name: text(TEXT_LIMITS.fileName, { minLength: 1 }),
      type: text(TEXT_LIMITS.fileName),
      size: { type: 'number', minimum: 0 },
      status: text(TEXT_LIMITS.code),
      url: text(TEXT_LIMITS.url),
      docId: text(TEXT_LIMITS.fileName),
      storedName: text(TEXT_LIMITS.fileName),
    },
  };
}

/** Where an uploaded file goes and under which document kind (upload and passport upload). */
function destination(
  field: FieldOf<'upload' | 'passportUpload'>,
  b: FieldBuild,
): Record<string, JsonValue | undefined> {
  if (field.docKeyFrom) b.dependOn(field.docKeyFrom, 'docKeyFrom', `${b.pointer}/docKeyFrom`);
  return {
    docKey: field.docKey,
    docKeyFrom: field.docKeyFrom,
    target: field.target ?? 'signed',
    fileNamePrefix: field.fileNamePrefix,
    hint: field.hint ? b.text(field.hint, 'hint') : undefined,
  };
}

/** Adds type-specific `ui:options` after the shared file options. */
function withOptions(parts: FieldParts, more: Record<string, JsonValue | undefined>): FieldParts {
  return { ...parts, options: { ...parts.options, ...more } };
}

export const upload: FieldCompiler<'upload'> = {
  compile: (field, b) => withOptions(files(field, b), destination(field, b)),
};

export const passportUpload: FieldCompiler<'passportUpload'> = {
  compile: (field, b) => {
    const parts = withOptions(files(field, b), destination(field, b));
    for (const target of Object.keys(field.fills ?? {})) b.checkName(target, 'fills', `${b.pointer}/fills`);
    return withOptions(parts, { fills: field.fills, clearsStorage: field.clearsStorage });
  },
};

export const consentPdf: FieldCompiler<'consentPdf'> = {
  compile: (field, b) =>
    withOptions(files(field, b), {
      template: field.template,
      fileName: field.fileName ?? 'document.pdf',
      fills: field.fills,
    }),
};
