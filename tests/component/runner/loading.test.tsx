import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Loading } from '../../../packages/react/src/engine/Loading.js';

describe('Loading', () => {
  it('is a status named by its label, and the spinner inside carries no aria-label a plain div may not have', () => {
    const { container } = render(<Loading label="Loading…" size="large" />);
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status.querySelector('.antrag-spin-lg')).not.toBeNull();
    const labelled = [...container.querySelectorAll('[aria-label]')];
    expect(labelled).toEqual([status]);
  });
});
