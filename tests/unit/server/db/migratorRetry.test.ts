/**
 * The migrator looks again when PostgreSQL says another schema vanished under its look (a deployment or test
 * dropping its own schema at that moment: database.test.ts met it in CI), never when its own schema is gone.
 */
import { describe, expect, it } from 'vitest';
import { otherSchemaGone } from '../../../../site/server/db/migrations/index.js';

const gone = (schema: string) => Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

describe('otherSchemaGone', () => {
  it("is another schema's disappearance, worth another look", () => {
    expect(otherSchemaGone(gone('http_d2a8e0ee40bf'), 'db_1234')).toBe(true);
  });

  it('is not our own schema gone, nor any other failure', () => {
    expect(otherSchemaGone(gone('db_1234'), 'db_1234')).toBe(false);
    expect(otherSchemaGone(Object.assign(new Error('relation does not exist'), { code: '42P01' }), 'db_1234')).toBe(
      false,
    );
    expect(otherSchemaGone(undefined, 'db_1234')).toBe(false);
  });
});
