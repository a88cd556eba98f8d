import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  type Handoff,
  type HeavyPart,
  heavyPart,
  LoadFailed,
  useLoadOnUse,
} from '../../../packages/react/src/widgets/shared/loadOnUse.js';
import { SelectStandIn } from '../../../packages/react/src/widgets/shared/SelectStandIn.js';
import { textsOf } from '../../../packages/react/src/widgets/shared/texts.js';

// The stand-in-then-swap mechanism on a made-up heavy control whose loading the test lets finish or fail.

interface HeavyProps {
  handoff?: Handoff;
}

/** The "heavy" control: a combobox with the field's id that says whether it was asked to open. */
function Heavy({ handoff }: HeavyProps) {
  return <input id="fruit" role="combobox" aria-label="Fruit" aria-expanded={!!handoff?.open} />;
}

/** A code load the test ends: `resolve()` with the heavy control, or `reject()`. */
function pendingLoad() {
  let resolve = () => {};
  let reject = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Heavy>((ok, fail) => {
        resolve = () => ok(Heavy);
        reject = () => fail(new Error('chunk failed'));
      }),
  );
  return { load, resolve: () => resolve(), reject: () => reject() };
}

function Field({ part, onBlur }: { part: HeavyPart<HeavyProps>; onBlur?: () => void }) {
  const { Heavy: Loaded, handoff, standIn } = useLoadOnUse(part, 'fruit');
  const { t } = textsOf(undefined);
  if (Loaded) return <Loaded handoff={handoff} />;
  return (
    <>
      <label htmlFor="fruit">Fruit</label>
      <SelectStandIn
        id="fruit"
        standIn={standIn}
        shown="Apple"
        aria-describedby={standIn.failed ? 'fruit__load' : undefined}
        onBlur={onBlur}
      />
      {standIn.failed && <LoadFailed id="fruit__load" t={t} onRetry={standIn.retry} />}
    </>
  );
}

/** The field in a form with another control to move to. */
function Form(props: { part: HeavyPart<HeavyProps>; onBlur?: () => void }) {
  return (
    <form>
      <Field {...props} />
      <button type="button">Elsewhere</button>
    </form>
  );
}

const fruit = () => screen.getByRole('combobox', { name: 'Fruit' });

describe('a field whose control loads when used', () => {
  it('is at first a light stand-in: a labelled combobox showing the choice, nothing loaded', () => {
    const { load } = pendingLoad();
    const part = heavyPart(load);
    render(<Form part={part} />);
    expect(fruit().getAttribute('aria-expanded')).toBe('false');
    expect(fruit().parentElement?.getAttribute('title')).toBe('Apple');
    expect(fruit().parentElement?.textContent).toBe('Apple');
    expect(load).not.toHaveBeenCalled();
  });

  it('starts loading on focus but stays the stand-in until it is used', async () => {
    const user = userEvent.setup();
    const { load, resolve } = pendingLoad();
    const part = heavyPart(load);
    render(<Form part={part} />);
    const standIn = fruit();
    await user.tab();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(part.state()).toBe('loaded');
    expect(fruit()).toBe(standIn);
    expect(standIn.getAttribute('aria-busy')).toBeNull();
  });

  it('swaps in the control when pressed: busy with a spinner while loading, then open with the focus in it', async () => {
    const user = userEvent.setup();
    const { load, resolve } = pendingLoad();
    const onBlur = vi.fn();
    render(<Form part={heavyPart(load)} onBlur={onBlur} />);
    const standIn = fruit();
    await user.click(standIn);
    expect(standIn.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(standIn);
    // a quick load shows no spinner (decoration: the busy state is said by aria-busy); a slow one does
    expect(document.querySelector('.antrag-icon-spin')).toBeNull();
    await waitFor(() => expect(document.querySelector('.antrag-icon-spin')).not.toBeNull());
    await act(async () => resolve());
    const heavy = fruit();
    expect(heavy).not.toBe(standIn);
    expect(heavy.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(heavy);
    // the stand-in leaving is no blur of the field (which would check it as if the person had left it)
    expect(onBlur).not.toHaveBeenCalled();
  });

  it('hands what was typed while loading to the control, as typed', async () => {
    const user = userEvent.setup();
    const { load, resolve } = pendingLoad();
    render(<Form part={heavyPart(load)} />);
    await user.click(fruit());
    await user.keyboard('ap');
    expect((fruit() as HTMLInputElement).value).toBe('ap');
    // the control reads it as typed: an input event with the text
    const typed: string[] = [];
    document.addEventListener('input', (e) => typed.push((e.target as HTMLInputElement).value));
    await act(async () => resolve());
    expect(typed).toEqual(['ap']);
    expect((fruit() as HTMLInputElement).value).toBe('ap');
    expect(document.activeElement).toBe(fruit());
  });

  it('opens nothing and takes no focus when the person left the field before the code came', async () => {
    const user = userEvent.setup();
    const { load, resolve } = pendingLoad();
    render(<Form part={heavyPart(load)} />);
    await user.click(fruit());
    await user.tab();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    expect(document.activeElement).toBe(elsewhere);
    await act(async () => resolve());
    expect(fruit().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(elsewhere);
  });

  it('opens no list for text put in while the field has no focus (replayed after the page was drawn)', async () => {
    const { load, resolve } = pendingLoad();
    render(<Form part={heavyPart(load)} />);
    const standIn = fruit() as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(standIn, 'ap');
    await act(async () => standIn.dispatchEvent(new Event('input', { bubbles: true })));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(fruit().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(document.body);
  });

  it('says when the code could not load and tries again on request, never leaving a dead field', async () => {
    const user = userEvent.setup();
    const first = pendingLoad();
    let attempt = 0;
    const second = pendingLoad();
    const part = heavyPart(() => (++attempt === 1 ? first.load() : second.load()));
    render(<Form part={part} />);
    await user.click(fruit());
    await act(async () => first.reject());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This field could not be loaded.');
    expect(fruit().getAttribute('aria-describedby')).toBe('fruit__load');
    expect(fruit().getAttribute('aria-busy')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(attempt).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(fruit());
    await act(async () => second.resolve());
    expect(fruit().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(fruit());
  });

  it('draws the control at once where its code is already there', async () => {
    const { load, resolve } = pendingLoad();
    const part = heavyPart(load);
    const loading = part.load();
    resolve();
    await loading;
    render(<Form part={part} />);
    expect(fruit().getAttribute('aria-expanded')).toBe('false');
    expect(fruit().parentElement?.getAttribute('title')).toBeNull();
  });

  it('draws the same stand-in on the server and while hydrating, even with the code there', async () => {
    const { load, resolve } = pendingLoad();
    const part = heavyPart(load);
    const loading = part.load();
    resolve();
    await loading;
    const html = renderToString(<Field part={part} />);
    expect(html).toContain('title="Apple"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const standIn = container.querySelector('input');
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Field part={part} />, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    // hydrated, not redrawn: the server's input is the field until it is used
    expect(container.querySelector('input')).toBe(standIn);
    act(() => root.unmount());
    container.remove();
  });
});
