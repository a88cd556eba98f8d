/**
 * "Publish" in store mode (issue 18), over the real StoreBackend with `fetch` answered in the test as the staff API
 * answers (routes/admin.ts: the versions, a version's definition, 400 with diagnostics for a refused publish):
 * a refusal reads as sentences placed by step and field, with the server's hint and a way to the field; a form the
 * version served holds already cannot be published again; the studio's own count of problems is said.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreBackend } from '../../../site/web/studio/backend.js';
import { StudioTContext, studioT } from '../../../site/web/studio/i18n.js';
import { StoreToolbar } from '../../../site/web/studio/StoreToolbar.js';

const served = {
  id: 'rental',
  title: 'Rental',
  version: 1,
  steps: [
    {
      id: 'about',
      title: { en: 'About you', de: 'Über Sie' },
      fields: [{ name: 'fullName', type: 'text', label: { en: 'Full name', de: 'Vollständiger Name' } }],
    },
  ],
};
const risky = structuredClone(served) as typeof served & {
  steps: Array<{ fields: Array<Record<string, unknown>> }>;
};
risky.steps[0].fields[0].rules = [{ pattern: '^(a+)+$' }];

const pointer = '/steps/0/fields/0/rules/0/pattern';
const refusal = {
  ok: false,
  message: `The definition has 1 problem; nothing was published. First: ${pointer} pattern "^(a+)+$" can take exponential time to fail on some texts, which would stall the server`,
  diagnostics: [
    {
      severity: 'error',
      code: 'unsafe-pattern',
      message: 'pattern "^(a+)+$" can take exponential time to fail on some texts, which would stall the server',
      pointer,
      hint: 'let no part of a text be matched in more than one way',
    },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The staff API for one form serving version 1 (`served`); a publish is refused as `refusal`. */
function staffApi() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/admin/forms/rental/versions')
      return json({
        versions: [
          {
            version: 1,
            origin: 'studio',
            publishedBy: 'staff:ann@example.org',
            publishedAt: '2024-01-01T00:00:00Z',
            current: true,
          },
        ],
      });
    if (url === '/api/admin/forms/rental/versions/1') return json({ definition: served });
    if (url === '/api/admin/forms/rental' && init?.method === 'PUT') return json(refusal, 400);
    return json({ ok: false, message: `No route ${url}` }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderToolbar(
  text: string,
  extra: { problems?: number; onShowProblem?: (pointer: string) => void } = {},
  locale = 'en',
) {
  const t = studioT(locale as 'en');
  return render(
    // no motion: a closed dialog leaves at once (jsdom never reports the end of a transition)
    <ConfigProvider theme={{ token: { motion: false } }}>
      <StudioTContext.Provider value={t}>
        <StoreToolbar
          backend={new StoreBackend(t, 'publisher')}
          path="rental.form.json"
          text={text}
          saveFirst={async () => true}
          onPublished={() => {}}
          onRolledBack={() => {}}
          {...extra}
        />
      </StudioTContext.Provider>
    </ConfigProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('publishing from the studio', () => {
  it('says a refusal as sentences by step and field, with the hint and a way to the field', async () => {
    staffApi();
    const onShowProblem = vi.fn();
    const user = userEvent.setup();
    renderToolbar(JSON.stringify(risky, null, 2), { onShowProblem });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    const publish = within(dialog).getByRole('button', { name: 'Publish now' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(false));
    await user.click(publish);
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Not published: 1 problem')).toBeTruthy();
    const items = [...within(alert).getByTestId('studio-publish-problems').querySelectorAll('li')];
    expect(items).toHaveLength(1);
    const item = items[0] as HTMLElement;
    expect(item.textContent).toContain(
      'Step “About you” › field “Full name”: pattern "^(a+)+$" can take exponential time to fail on some texts, which would stall the server.',
    );
    expect(item.textContent).toContain('Hint: let no part of a text be matched in more than one way');
    // no pointer, and the first problem is not said twice
    expect(alert.textContent).not.toContain('/steps/0');
    expect(alert.textContent?.match(/exponential time/g)).toHaveLength(1);
    await user.click(within(item).getByRole('button', { name: 'Show “Full name”' }));
    expect(onShowProblem).toHaveBeenCalledWith(pointer);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the place in the studio language', async () => {
    staffApi();
    const user = userEvent.setup();
    renderToolbar(JSON.stringify(risky), { onShowProblem: () => {} }, 'de');
    await user.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    const dialog = await screen.findByRole('dialog');
    const publish = within(dialog).getByRole('button', { name: 'Jetzt veröffentlichen' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(false));
    await user.click(publish);
    const list = await within(dialog).findByTestId('studio-publish-problems');
    expect(list.textContent).toContain('Schritt „Über Sie“ › Feld „Vollständiger Name“: pattern');
  });

  it('cannot publish again what the version served holds already, and says why', async () => {
    const fetch = staffApi();
    const user = userEvent.setup();
    renderToolbar(JSON.stringify(served, null, 2));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('No difference: both hold the same form.');
    const publish = within(dialog).getByRole('button', { name: 'Publish now' });
    expect(publish.hasAttribute('disabled')).toBe(true);
    const reason = within(dialog).getByText('Nothing to publish: version 1 holds this form already.');
    expect(publish.getAttribute('aria-describedby')).toBe(reason.id);
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(false);
  });

  it('can publish steps put in another order, which the summary names no change for', async () => {
    const two = {
      ...served,
      steps: [...served.steps, { id: 'more', title: 'More', fields: [{ name: 'note', type: 'text', label: 'Note' }] }],
    };
    const fetch = vi.fn(async (url: string) =>
      url === '/api/admin/forms/rental/versions'
        ? json({
            versions: [
              { version: 1, origin: 'studio', publishedBy: 'ann', publishedAt: '2024-01-01T00:00:00Z', current: true },
            ],
          })
        : json({ definition: two }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderToolbar(JSON.stringify({ ...two, steps: [...two.steps].reverse() }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    const summary = await within(dialog).findByTestId('studio-diff-summary');
    expect(summary.textContent).toContain('such as the order of the steps');
    expect(within(dialog).queryByText('No difference: both hold the same form.')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Publish now' }).hasAttribute('disabled')).toBe(false);
  });

  it('says how many problems the studio finds, and still lets a publisher try', async () => {
    staffApi();
    const user = userEvent.setup();
    renderToolbar(JSON.stringify(risky), { problems: 2 });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The studio finds 2 problems in this form.')).toBeTruthy();
    const publish = within(dialog).getByRole('button', { name: 'Publish now' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(false));
  });

  it('says nothing of problems when the studio finds none', async () => {
    staffApi();
    const user = userEvent.setup();
    renderToolbar(JSON.stringify(risky), { problems: 0 });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('studio-diff-summary');
    expect(within(dialog).queryByText(/The studio finds/)).toBeNull();
  });
});
