/** The web app's queries ask again once after a failure of the network or the server, never after a refusal. */
import { describe, expect, it } from 'vitest';
import { ApiStatusError } from '../../../packages/react/src/api/token.js';
import { QUERY_DEFAULTS } from '../../../site/web/queryDefaults.js';

const retry = QUERY_DEFAULTS.defaultOptions?.queries?.retry as (failures: number, error: unknown) => boolean;

describe('the web app query retries', () => {
  it('asks once more after a network failure or a server error', () => {
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(0, new ApiStatusError(503))).toBe(true);
    expect(retry(1, new ApiStatusError(503))).toBe(false);
  });

  it('does not ask again for a form that does not exist or a version retired', () => {
    expect(retry(0, new ApiStatusError(404))).toBe(false);
    expect(retry(0, new ApiStatusError(410))).toBe(false);
  });
});
