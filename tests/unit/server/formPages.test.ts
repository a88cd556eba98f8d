import { describe, expect, it } from 'vitest';
import { looksNarrow } from '../../../site/server/formPages.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('the screen a form page is drawn for', () => {
  it('is narrow for a phone by its client hint or its user agent', () => {
    expect(looksNarrow({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP })).toBe(true);
    expect(looksNarrow({ 'user-agent': PHONE })).toBe(true);
    expect(looksNarrow({ 'user-agent': IPHONE })).toBe(true);
    // a desktop browser emulating a phone keeps its desktop hint: the user agent decides
    expect(looksNarrow({ 'sec-ch-ua-mobile': '?0', 'user-agent': PHONE })).toBe(true);
  });

  it('is wide for a desktop, and without any clue', () => {
    expect(looksNarrow({ 'sec-ch-ua-mobile': '?0', 'user-agent': DESKTOP })).toBe(false);
    expect(looksNarrow({})).toBe(false);
    expect(looksNarrow({ 'user-agent': ['x', 'y'] })).toBe(false);
  });
});
