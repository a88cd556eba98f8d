import type { WidgetProps } from '@rjsf/utils';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { defaultWidgets } from '../../../packages/react/src/engine/registry.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { contextReadNames } from '../../../packages/react/src/engine/StepForm.js';
import { compileDefinition, compileFile } from './forms.js';

const form = compileDefinition({
  id: 'keystroke-demo',
  title: { en: 'Keystrokes' },
  version: 1,
  computed: { greeting: { type: 'string', expression: { cat: ['Hello ', { var: 'first' }] } } },
  steps: [
    {
      id: 'one',
      title: { en: 'One' },
      sections: [
        {
          fields: [
            { name: 'first', type: 'text', label: { en: 'First' } },
            { name: 'second', type: 'text', label: { en: 'Second' } },
            { name: 'third', type: 'text', label: { en: 'Third' } },
            { name: 'extra', type: 'text', label: { en: 'Extra' }, visibleIf: { field: 'second', filled: true } },
            { name: 'greeting', type: 'computed', label: { en: 'Greeting' }, value: 'greeting' },
          ],
        },
      ],
    },
  ],
} as FormDefinition);

/** The text widget, counting its renders by field id. */
function counting() {
  const renders = new Map<string, number>();
  const Text = defaultWidgets.text;
  const widgets = {
    text: (props: WidgetProps) => {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return <Text {...props} />;
    },
  };
  return { renders, widgets };
}

describe('a keystroke', () => {
  it('renders the field typed into, not the others', async () => {
    const { renders, widgets } = counting();
    const user = userEvent.setup();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" widgets={widgets} />);
    await user.click(await screen.findByRole('textbox', { name: 'Third' }));
    renders.clear();
    await user.keyboard('abc');
    // the typed text reaches the form after the frame that shows it, and the field renders with it then
    await waitFor(() => expect(renders.get('root_third')).toBeGreaterThanOrEqual(1));
    expect((screen.getByRole('textbox', { name: 'Third' }) as HTMLInputElement).value).toBe('abc');
    expect(renders.get('root_first') ?? 0).toBe(0);
    expect(renders.get('root_second') ?? 0).toBe(0);
  });

  it('into a text box commits nothing to the page until typing pauses: the box keeps the text itself', async () => {
    let commits = 0;
    render(
      <Profiler id="runner" onRender={() => (commits += 1)}>
        <FormRunner form={form} validation={runtimeValidation(form)} locale="en" />
      </Profiler>,
    );
    const box = (await screen.findByRole('textbox', { name: 'Third' })) as HTMLInputElement;
    await waitFor(() => expect(commits).toBeGreaterThan(0));
    commits = 0;
    for (const typed of ['a', 'ab', 'abc']) fireEvent.change(box, { target: { value: typed } });
    expect(commits).toBe(0);
    expect(box.value).toBe('abc');
    // once typing pauses the form hears of it, and a draft or a fill still reaches the box
    await waitFor(() => expect(commits).toBeGreaterThan(0));
    expect(box.value).toBe('abc');
  });

  it('still shows what depends on the value: a field under a condition, a computed value', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    expect(screen.queryByRole('textbox', { name: 'Extra' })).toBeNull();
    await user.type(await screen.findByRole('textbox', { name: 'Second' }), 'x');
    expect(await screen.findByRole('textbox', { name: 'Extra' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'Ann');
    await waitFor(() => expect(document.getElementById('root_greeting')?.textContent).toBe('Hello Ann'));
  });
});

describe('contextReadNames', () => {
  it('names the values read by conditions, computed values and fields’ options, not plain inputs', () => {
    expect(contextReadNames(form)).toEqual(['first', 'greeting', 'second']);
    const booking = contextReadNames(compileFile('schemas/health-insurance/health-insurance-booking.form.json'));
    expect(booking).toContain('profession');
    expect(booking).not.toContain('firstName');
  });
});
