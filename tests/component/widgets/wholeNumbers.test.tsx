import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderForm } from './renderForm.js';

const schema = {
  type: 'object' as const,
  properties: { hours: { type: 'integer' as const }, income: { type: 'integer' as const } },
};
const uiSchema = {
  hours: { 'ui:widget': 'number', 'ui:title': 'Working hours per week' },
  income: { 'ui:widget': 'currency', 'ui:title': 'Monthly gross income', 'ui:options': { currency: 'EUR' } },
};

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('whole-number fields', () => {
  it('keep a typed decimal or comma as typed, as text the integer schema refuses, for the whole-number message', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    await user.type(input('Working hours per week'), '12.5');
    await user.type(input('Monthly gross income'), '900,50');
    await user.tab();
    expect(latest()).toEqual({ hours: '12.5', income: '900,50' });
    expect(input('Working hours per week').value).toBe('12.5');
    expect(input('Monthly gross income').value).toBe('900,50');
  });

  it('store digits as a number, a minus sign included, and nothing once emptied', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    await user.type(input('Working hours per week'), '-2');
    await user.type(input('Monthly gross income'), '1200');
    expect(latest()).toEqual({ hours: -2, income: 1200 });
    await user.clear(input('Monthly gross income'));
    expect(latest().income).toBeUndefined();
    expect(input('Monthly gross income').value).toBe('');
  });
});

describe('decimal fields', () => {
  const money = {
    schema: { type: 'object' as const, properties: { deposit: { type: 'number' as const } } },
    uiSchema: { deposit: { 'ui:widget': 'currency', 'ui:title': 'Deposit', 'ui:options': { currency: 'EUR' } } },
  };

  it("read '1.5' and the page language's '1,5' as one and a half on a German page, never as 15", async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ ...money, formContext: { locale: 'de' } });
    await user.type(input('Deposit'), '1,5');
    expect(latest().deposit).toBe(1.5);
    await user.clear(input('Deposit'));
    await user.type(input('Deposit'), '1.5');
    expect(latest().deposit).toBe(1.5);
    await user.clear(input('Deposit'));
    await user.type(input('Deposit'), '1.234,56');
    expect(latest().deposit).toBe(1234.56);
    expect(input('Deposit').value).toBe('1.234,56');
  });

  it("keep '1,5' as typed on an English page, where the comma is no decimal mark", async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ ...money, formContext: { locale: 'en' } });
    await user.type(input('Deposit'), '1,5');
    await user.tab();
    expect(latest().deposit).toBe('1,5');
    expect(input('Deposit').value).toBe('1,5');
    await user.clear(input('Deposit'));
    await user.type(input('Deposit'), '1,500.25');
    expect(latest().deposit).toBe(1500.25);
  });

  it('show a stored amount in the page language', () => {
    renderForm({ ...money, formContext: { locale: 'de' }, formData: { deposit: 850.5 } });
    expect(input('Deposit').value).toBe('850,5');
  });
});

describe('bounded fields', () => {
  const guests = {
    schema: { type: 'object' as const, properties: { guests: { type: 'number' as const } } },
    uiSchema: { guests: { 'ui:widget': 'number', 'ui:title': 'Guests', 'ui:options': { min: 1, max: 6 } } },
  };

  it('keep a number beyond max and below min after leaving the field, for the max or min message', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(guests);
    await user.type(input('Guests'), '7');
    await user.tab();
    expect(latest().guests).toBe(7);
    expect(input('Guests').value).toBe('7');
    await user.clear(input('Guests'));
    await user.type(input('Guests'), '0');
    await user.tab();
    expect(latest().guests).toBe(0);
    expect(input('Guests').value).toBe('0');
  });

  it('step within min and max with the arrow keys', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(guests);
    await user.type(input('Guests'), '5');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(latest().guests).toBe(6);
    await user.keyboard('{ArrowDown}');
    expect(latest().guests).toBe(5);
  });
});
