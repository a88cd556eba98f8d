import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition, threeSteps } from './forms.js';

const demo = compileDefinition(threeSteps);

function ThrowingWidget(): never {
  throw new Error('widget exploded');
}

describe('FormRunner error boundaries', () => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  afterEach(() => quiet.mockClear());

  it('shows which field failed in place of a widget that throws, and keeps the rest of the form', () => {
    render(
      <FormRunner form={demo} validation={runtimeValidation(demo)} locale="en" widgets={{ text: ThrowingWidget }} />,
    );
    expect(screen.getByText(/Field 'firstName': widget exploded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('explains a malformed compiled form instead of showing a blank page', () => {
    const broken = { ...demo, stepSchemas: [] } as CompiledForm;
    render(<FormRunner form={broken} validation={runtimeValidation(broken)} locale="en" />);
    expect(screen.getByText(/Form 'runner-demo'.*stepSchemas has 0 schemas for 3 steps/)).toBeTruthy();
  });
});
