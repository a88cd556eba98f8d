/**
 * Output for CI: SARIF 2.1.0 (code scanning, e.g. github/codeql-action/upload-sarif) and GitHub workflow commands
 * (`::error file=…::message`, shown as annotations on the pull request). Paths are relative to the working folder,
 * with forward slashes, as both expect.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type LocatedDiagnostic, ownMessage, positionText } from '@antrag/core/document';
import { displayPath, PACKAGE_ROOT } from './paths.js';
import { ruleDescription, ruleId } from './rules.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://antrag.dev/cli';

/** The CLI's name and version, for reports that name their tool. */
export function toolInfo(): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as { version?: string };
    return { name: 'antrag', version: pkg.version ?? '0.0.0' };
  } catch {
    return { name: 'antrag', version: '0.0.0' };
  }
}

/** A file as a SARIF artifact URI: relative with forward slashes, percent-encoded; a file outside as a file: URL. */
export function artifactUri(file: string): string {
  const shown = displayPath(file);
  return isAbsolute(shown) ? pathToFileURL(file).href : shown.split('/').map(encodeURIComponent).join('/');
}

function region(d: LocatedDiagnostic) {
  return {
    startLine: d.line,
    startColumn: d.column,
    endLine: d.endLine ?? d.line,
    endColumn: d.endColumn ?? d.column,
  };
}

/** The text after the place: the pointer, the message and the `$ref`s that led there. */
function messageText(d: LocatedDiagnostic): string {
  const via = d.via?.length ? ` (via $ref at ${d.via.map((v) => positionText(v, displayPath)).join(', ')})` : '';
  return `${d.pointer || '/'} ${ownMessage(d)}${via}`;
}

/** One SARIF 2.1.0 log with one run: the rules that fired (sorted by id) and one result per diagnostic. */
export function sarifLog(diagnostics: readonly LocatedDiagnostic[]): unknown {
  const ids = [...new Set(diagnostics.map(ruleId))].sort();
  const tool = toolInfo();
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            semanticVersion: tool.version,
            informationUri: INFORMATION_URI,
            rules: ids.map((id) => ({ id, shortDescription: { text: ruleDescription(id) } })),
          },
        },
        // our columns count UTF-16 code units (JavaScript string offsets)
        columnKind: 'utf16CodeUnits',
        results: diagnostics.map((d) => {
          const id = ruleId(d);
          return {
            ruleId: id,
            ruleIndex: ids.indexOf(id),
            level: d.severity,
            message: { text: messageText(d) },
            locations: [
              {
                physicalLocation: { artifactLocation: { uri: artifactUri(d.file) }, region: region(d) },
                logicalLocations: [{ fullyQualifiedName: d.pointer || '/', kind: 'member' }],
              },
            ],
            ...(d.via?.length
              ? {
                  relatedLocations: d.via.map((v, i) => ({
                    id: i + 1,
                    message: { text: '$ref that led here' },
                    physicalLocation: {
                      artifactLocation: { uri: artifactUri(v.file) },
                      region: { startLine: v.line, startColumn: v.column },
                    },
                  })),
                }
              : {}),
          };
        }),
      },
    ],
  };
}

/** A workflow command's message: `%`, CR and LF escaped. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value: as a message, and `:` and `,` too. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=antrag/…::pointer message` */
export function githubCommand(d: LocatedDiagnostic): string {
  const properties = [
    ['file', displayPath(d.file)],
    ['line', String(d.line)],
    ['col', String(d.column)],
    ['endLine', String(d.endLine ?? d.line)],
    ['endColumn', String(d.endColumn ?? d.column)],
    ['title', ruleId(d)],
  ]
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(',');
  return `::${d.severity} ${properties}::${escapeData(messageText(d))}`;
}
