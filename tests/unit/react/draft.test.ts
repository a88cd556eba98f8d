import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { storageKeysOf } from '../../../packages/react/src/engine/draft.js';
import { registerStorageKeys } from '../../../packages/react/src/engine/storageKeys.js';
// the widgets' registrations, as the engine's registry loads them
import '../../../packages/react/src/widgets/storage.js';

function compile(definition: FormDefinition): CompiledForm {
  const result = compileForm(definition);
  if (!result.form) throw new Error(`does not compile: ${JSON.stringify(result.diagnostics)}`);
  return result.form;
}
const file = (path: string) => compile(JSON.parse(readFileSync(path, 'utf8')) as FormDefinition);

describe('the browser-storage keys a form keeps values under', () => {
  it("are, for the blocked-account form, the spec's keys besides the draft", () => {
    const form = file('schemas/blocked-account/blocked-account.form.json');
    // spec 000 §3: every key kept in browser storage besides the draft itself
    const spec = [
      'payersEmails',
      'payerId',
      'leadId',
      'account_id',
      'passport_id',
      'totalDeposit',
      'parentalConsentUpload',
      'customer_face_verification',
    ];
    expect(storageKeysOf(form)).toEqual(expect.arrayContaining(spec));
    expect(storageKeysOf(form)).not.toContain('BLOCKED_ACCOUNT_BOOKING_V2');
  });

  it('come from calls, sections and widgets: stored answers, stored data, reads, a face key and cleared keys', () => {
    const form = compile({
      id: 'keys',
      title: 'Keys',
      version: 1,
      draft: { storageKey: 'KEYS_DRAFT' },
      submit: {
        endpoint: '/api/x',
        store: { bookingId: 'id' },
        storeData: { customerName: 'name' },
        headers: { 'X-Lead': { storage: 'leadRef' } },
      },
      steps: [
        {
          id: 'one',
          title: 'One',
          sections: [
            {
              fields: [
                { name: 'name', type: 'text' },
                {
                  name: 'code',
                  type: 'otp',
                  send: { endpoint: '/api/send', payload: { fields: { lead: { storage: 'otpLead' } } } },
                },
                { name: 'passport', type: 'passportUpload', clearsStorage: ['faceOutcome', 'name'] },
                { name: 'face', type: 'faceCapture', storageKey: 'faceOutcome' },
              ],
            },
            { display: 'modal', storageKey: 'saved', fields: [{ name: 'guardian', type: 'text' }] },
          ],
          submit: { endpoint: '/api/y', requiresStorage: [{ key: 'leadRef', message: 'Missing lead.' }] },
        },
      ],
    });
    // `name` in clearsStorage is a form field, not a storage key
    expect(storageKeysOf(form)).toEqual([
      'bookingId',
      'customerName',
      'faceOutcome',
      'leadRef',
      'otpLead',
      'passport_id',
      'saved',
    ]);
  });

  it('are none for a form that keeps nothing but its draft', () => {
    expect(storageKeysOf(file('schemas/health-insurance/health-insurance-booking.form.json'))).toEqual([]);
  });
});

describe('widgets declare their storage keys to the engine', () => {
  it('a field type registered with keys adds them, given its options and the form', () => {
    const form = compile({
      id: 'registered-keys',
      title: 'Registered keys',
      version: 1,
      steps: [{ id: 'one', title: 'One', fields: [{ name: 'note', type: 'textarea', label: 'Note' }] }],
    } as FormDefinition);
    expect(storageKeysOf(form)).toEqual([]);
    registerStorageKeys('textarea', (_options, f) => [`notes-of-${f.id}`]);
    try {
      expect(storageKeysOf(form)).toEqual(['notes-of-registered-keys']);
    } finally {
      registerStorageKeys('textarea', () => []);
    }
  });
});
