/**
 * A password from standard input, never from an argument (arguments show in `ps` and shell history). At a terminal
 * it is typed twice without echo; from a pipe (`printf '%s\n' "$PASSWORD" | antrag staff add …`) the first line is
 * taken and nothing more is read. Exported as `antrag/password`: the server's own `npm run staff` reads passwords
 * with it too.
 */
import { UsageError } from './errors.js';

/** Why no password could be read; nothing was changed. */
export class PasswordInputError extends UsageError {}

/** A line longer than this is no password (the server takes at most 1024 characters). */
const MAX_LINE = 4096;

/** What the reader needs of standard input: a stream that may be a terminal. */
export interface PasswordInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** Reads the password: twice without echo at a terminal (prompts on `prompt`), else the first line of the pipe. */
export async function readNewPassword(
  input: PasswordInput,
  prompt: (text: string) => void,
  label: string,
  /** The command as the example in the message names it. */
  command = 'antrag staff add <email>',
): Promise<string> {
  if (!input.isTTY || !input.setRawMode) {
    const line = await firstLine(input);
    if (!line) {
      throw new PasswordInputError(
        `no password on standard input: send it as one line, e.g. printf '%s\\n' "$PASSWORD" | ${command}`,
      );
    }
    return line;
  }
  const first = await typedSecret(input, prompt, `Password for ${label}: `);
  const again = await typedSecret(input, prompt, 'The same password again: ');
  if (first !== again) throw new PasswordInputError('the two passwords differ; nothing was changed');
  if (!first) throw new PasswordInputError('the password is empty; nothing was changed');
  return first;
}

/** The first line of a stream (without its line break), reading no further than that line. */
function firstLine(input: PasswordInput): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (error?: Error) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.removeListener('error', onError);
      input.pause();
      if (error) reject(error);
      else resolve(text.replace(/\r$/, ''));
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) {
        text = text.slice(0, end);
        done();
      } else if (text.length > MAX_LINE)
        done(new PasswordInputError('the first line of standard input is too long for a password'));
    };
    const onEnd = () => done();
    const onError = (error: Error) => done(error);
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', onError);
    input.resume();
  });
}

/** One secret typed at a terminal, in raw mode so nothing is echoed; Ctrl+C cancels. */
function typedSecret(input: PasswordInput, prompt: (text: string) => void, question: string): Promise<string> {
  prompt(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      prompt('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new PasswordInputError('cancelled; nothing was changed'));
        if (char === '\u0004' && typed === '')
          return finish(new PasswordInputError('no password typed; nothing was changed'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ' && typed.length < MAX_LINE) typed += char;
      }
    };
    input.setRawMode?.(true);
    input.on('data', onData);
    input.resume();
  });
}
