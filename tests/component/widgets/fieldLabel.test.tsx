import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldLabel } from '../../../packages/react/src/widgets/shared/FieldLabel.js';

describe('FieldLabel', () => {
  it("labels its input without antd's trailing colon, marked required when it is", () => {
    render(
      <>
        <FieldLabel htmlFor="country" required>
          Country
        </FieldLabel>
        <input id="country" />
      </>,
    );
    const label = screen.getByText('Country');
    expect(screen.getByLabelText('Country').id).toBe('country');
    // antd's '.ant-form-item-label > label::after' writes ':' unless the label says no-colon
    expect(label.className.split(' ')).toEqual(['ant-form-item-required', 'ant-form-item-no-colon']);
  });
});
