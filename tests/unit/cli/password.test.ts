/**
 * The password reader of `antrag staff add` (packages/cli/src/password.ts). Standard input is a test double here: a
 * PassThrough stream that says it is a terminal and records its raw mode, since a real terminal cannot be had in
 * a unit test. The pipe path runs against real child processes in tests/integration/cli/staff.test.ts.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readNewPassword } from '../../../packages/cli/src/password.js';

/** A stream that claims to be a terminal; `modes` records each setRawMode call. */
function fakeTerminal() {
  const modes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: (mode: boolean) => {
      modes.push(mode);
    },
  });
  return { input, modes };
}

/** Types `keys` once the reader asks for them (after each prompt). */
function typeAfterPrompts(input: PassThrough, answers: string[]) {
  let shown = '';
  return (text: string) => {
    shown += text;
    if (text.endsWith(': ')) {
      const next = answers.shift();
      if (next !== undefined) setImmediate(() => input.write(next));
    }
    return shown;
  };
}

describe('readNewPassword', () => {
  it('at a terminal: asks twice in raw mode (no echo), shows nothing of the password, honours backspace', async () => {
    const { input, modes } = fakeTerminal();
    let shown = '';
    const type = typeAfterPrompts(input, ['secret passwordX\u007f\r', 'secret password\r']);
    const password = await readNewPassword(
      input,
      (text) => {
        shown = type(text);
      },
      'ada@example.org',
    );
    expect(password).toBe('secret password');
    expect(shown).toBe('Password for ada@example.org: \nThe same password again: \n');
    expect(modes).toEqual([true, false, true, false]);
  });

  it('at a terminal: two different passwords are refused', async () => {
    const { input, modes } = fakeTerminal();
    const type = typeAfterPrompts(input, ['secret password one\r', 'secret password two\r']);
    await expect(readNewPassword(input, type, 'ada@example.org')).rejects.toThrow(
      'the two passwords differ; nothing was changed',
    );
    expect(modes.at(-1)).toBe(false);
  });

  it('at a terminal: Ctrl+C cancels and leaves raw mode', async () => {
    const { input, modes } = fakeTerminal();
    const type = typeAfterPrompts(input, ['secr\u0003']);
    await expect(readNewPassword(input, type, 'ada@example.org')).rejects.toThrow('cancelled; nothing was changed');
    expect(modes).toEqual([true, false]);
  });

  it('from a pipe: the first line, without its line break, and nothing is prompted', async () => {
    const input = new PassThrough();
    const shown: string[] = [];
    const reading = readNewPassword(input, (text) => shown.push(text), 'ada@example.org');
    input.write('first line password\r\nsecond');
    expect(await reading).toBe('first line password');
    expect(shown).toEqual([]);
  });

  it('from a pipe: the whole input when it has no line break; nothing at all is refused', async () => {
    const whole = new PassThrough();
    const reading = readNewPassword(whole, () => undefined, 'ada@example.org');
    whole.end('no line break at the end');
    expect(await reading).toBe('no line break at the end');
    const empty = new PassThrough();
    const refused = readNewPassword(empty, () => undefined, 'ada@example.org');
    empty.end();
    await expect(refused).rejects.toThrow('no password on standard input');
  });
});
