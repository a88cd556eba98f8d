/** Which rule a chosen file breaks, if any (the key of options.messages). */
export type FileProblem = 'type' | 'size' | 'count';

export interface FileRules {
  mimeTypes?: string[];
  minBytes?: number;
  maxBytes?: number;
  maxFiles?: number;
}

/** Checks one file before upload, given how many files the field already holds (including earlier ones of this pick). */
export function fileProblem(
  file: { type: string; size: number },
  held: number,
  rules: FileRules,
): FileProblem | undefined {
  const { mimeTypes, minBytes, maxBytes, maxFiles = 1 } = rules;
  if (mimeTypes && mimeTypes.length > 0 && !mimeTypes.includes(file.type.toLowerCase())) return 'type';
  if ((minBytes !== undefined && file.size < minBytes) || (maxBytes !== undefined && file.size > maxBytes))
    return 'size';
  if (held >= maxFiles) return 'count';
  return undefined;
}
