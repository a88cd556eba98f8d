/**
 * A lazily loaded part whose code cannot be loaded (`widgets/lazy.tsx`): the field says so in the page's language and
 * offers to try again, instead of the browser's raw error (an address) under "unexpected error"; trying again loads
 * it. Another error of the part still reaches the field's own boundary. The loader is a test double that fails as a
 * dropped network request does.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ErrorBoundary } from '../../../packages/react/src/engine/ErrorBoundary.js';
import { lazyComponent } from '../../../packages/react/src/widgets/lazy.js';

const fetchFailed = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/CountryField-Bn2gMJHK.js');

/** A part's props as the engine's own parts (`t`) or a widget (`registry`) get them. */
interface PartProps {
  label: string;
  t?: (key: string) => string;
  registry?: { formContext: object };
}

function Country({ label }: PartProps) {
  return <input aria-label={label} />;
}

describe('a lazily loaded part whose code could not be loaded', () => {
  // React reports each error a boundary catches on the console
  let consoleError: MockInstance;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('says so in the page’s language, without the address, and loads on trying again', async () => {
    const load = vi
      .fn<() => Promise<(props: PartProps) => ReactNode>>()
      .mockRejectedValueOnce(fetchFailed())
      .mockResolvedValue(Country);
    const Part = lazyComponent(load, undefined, { light: true });
    const de = (key: string) =>
      ({ 'wizard.fieldFailed': 'Dieses Feld konnte nicht geladen werden.', 'wizard.retry': 'Erneut versuchen' })[key] ??
      key;
    render(
      <ErrorBoundary inline what="Field 'country'" title="Unexpected error">
        <Part label="Country" t={de} />
      </ErrorBoundary>,
    );
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Dieses Feld konnte nicht geladen werden.');
    expect(notice.textContent).not.toMatch(/http|assets|Unexpected error/);
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('textbox', { name: 'Country' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says so in English through a widget’s registry when no texts are given', async () => {
    const Part = lazyComponent<PartProps>(() => Promise.reject(fetchFailed()), undefined, { light: true });
    render(<Part label="Country" registry={{ formContext: {} }} />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });

  it('leaves an error of the part itself to the field’s boundary', async () => {
    function Broken(): never {
      throw new Error('the widget is broken');
    }
    const Part = lazyComponent(() => Promise.resolve(Broken), undefined, { light: true });
    render(
      <ErrorBoundary inline what="Field 'country'" title="Unexpected error">
        <Part />
      </ErrorBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('the widget is broken');
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  });
});
