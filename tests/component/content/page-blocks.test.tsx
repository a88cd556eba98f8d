/**
 * Page assembly (spec 002 §2.2) and the two calculators (§4, §5, §9): every block in a section with its type,
 * dashed-case schema name and id; the 'not implemented' and query-error banners; results recomputed on every change.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SiteContext, type SiteContextValue } from '../../../site/web/content/context.js';
import { PageBlocks } from '../../../site/web/content/PageBlocks.js';

function renderBlocks(blocks: unknown[], context: Partial<SiteContextValue> = {}) {
  const value: SiteContextValue = { locale: 'en', assets: {}, flags: { app: false }, viewport: 'desktop', ...context };
  const wrap = (node: ReactNode) => <SiteContext.Provider value={value}>{node}</SiteContext.Provider>;
  return render(wrap(<PageBlocks blocks={blocks} />));
}

const blockedAccount = {
  __typename: 'BlockedAccountCalculator',
  id: 'ba',
  flatData: {
    headline: 'What will it cost?',
    amountPerMonthDefaultValue: 992,
    requiredBlockedAccountDefaultValue: 992,
    stayDurationOptions: [
      { label: '6 months', value: 6 },
      { label: '12 months', value: 12 },
    ],
    blockedAccountBufferValue: 100,
    setUpFeeValue: 49,
    administrationFeeValue: 5,
    amountPerMonthLabel: 'Amount per month',
    stayDurationLabel: 'Length of stay',
    requiredBlockedAccountLabel: 'Required amount',
    administrationFeeLabel: 'Administration fee',
    totalLabel: 'Total',
  },
};

const healthInsurance = {
  __typename: 'HealthInsuranceCalculatorV2',
  id: 'hi',
  flatData: {
    headline: 'How much could you save?',
    currentInsuranceOptions: [
      { name: 'Private', under23Price: 160, over23Price: 190 },
      { name: 'Unknown price', under23Price: 0, over23Price: 0 },
    ],
    currentAgeOptions: [
      { label: 'Under 23', isOver23: false },
      { label: '23 or older', isOver23: true },
    ],
    enrolledUniversityOptions: [{ name: 'Bavaria', provider: [{ under23Price: 125, over23Price: 135 }] }],
    welcomeBonusValue: 50,
    currentInsuranceLabel: 'Current insurance',
    currentAgeLabel: 'Your age',
    enrolledUniversityLabel: 'Your university',
    savingAmountLabel: 'Your saving',
    contactText: 'We need a few details.',
    contactCtaText: 'Ask us',
    contactCtaUrl: '/contact',
  },
};

describe('page assembly', () => {
  it('wraps every block in a section carrying its type, dashed-case schema name and id', async () => {
    const { container } = renderBlocks([
      { __typename: 'Markdown', id: 'intro', flatData: { content: 'Hello **world**' } },
      { __typename: 'HealthInsuranceCalculatorV2', id: 'calc', flatData: healthInsurance.flatData },
    ]);
    const sections = container.querySelectorAll('section[data-block-type]');
    expect([...sections].map((s) => [s.getAttribute('data-block-type'), s.getAttribute('data-schema'), s.id])).toEqual([
      ['Markdown', 'markdown', 'intro'],
      ['HealthInsuranceCalculatorV2', 'health-insurance-calculator-v2', 'calc'],
    ]);
    // markdown waits for the parser's chunk
    expect((await screen.findByText('world')).tagName).toBe('STRONG');
  });

  it("shows the 'not implemented' warning for an unknown type", () => {
    renderBlocks([{ __typename: 'FancyNewBlock', id: 'x', flatData: {} }]);
    expect(screen.getByRole('status').textContent).toContain('Block type FancyNewBlock is not implemented!');
  });

  it('shows the query-error banner for a block without type', () => {
    renderBlocks([{ id: 'y', flatData: {} }]);
    expect(screen.getByRole('alert').textContent).toContain('This block has no type');
  });

  it('renders markdown links in a new tab and never raw HTML', async () => {
    const { container } = renderBlocks([
      {
        __typename: 'Markdown',
        id: 'm',
        flatData: { content: 'See [the guide](/studyguide). <img src=x onerror="alert(1)">' },
      },
    ]);
    const link = await screen.findByRole('link', { name: 'the guide' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders blocks nested in tabs', () => {
    renderBlocks([
      {
        __typename: 'Tabs',
        id: 't',
        flatData: {
          items: [
            {
              label: 'One',
              value: 'one',
              children: [{ __typename: 'Markdown', id: 'c1', flatData: { content: 'First' } }],
            },
            {
              label: 'Two',
              value: 'two',
              children: [{ __typename: 'Markdown', id: 'c2', flatData: { content: 'Second' } }],
            },
          ],
        },
      },
    ]);
    expect(screen.getByText('First').closest('[role=tabpanel]')?.hasAttribute('hidden')).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByText('Second').closest('[role=tabpanel]')?.hasAttribute('hidden')).toBe(false);
  });

  it('numbers ranking items 01, 02, …', () => {
    const { container } = renderBlocks([
      {
        __typename: 'RankingList',
        id: 'r',
        flatData: {
          items: [
            { name: 'A', url: '/a' },
            { name: 'B', url: '/b' },
          ],
        },
      },
    ]);
    expect([...container.querySelectorAll('.cs-rank')].map((e) => e.textContent)).toEqual(['01', '02']);
  });
});

describe('blocked-account calculator', () => {
  const value = (id: string) => screen.getByTestId(id).textContent;

  it('computes required amount, administration fee and total, on every change', () => {
    renderBlocks([blockedAccount]);
    // defaults: the first duration (6 months) and the default monthly amount
    expect(value('required-amount')).toBe('€5.952,00');
    expect(value('administration-fee')).toBe('€30,00');
    expect(value('total')).toBe('€6.131,00');
    fireEvent.change(screen.getByLabelText('Length of stay'), { target: { value: '12' } });
    expect(value('required-amount')).toBe('€11.904,00');
    expect(value('administration-fee')).toBe('€60,00');
    expect(value('total')).toBe('€12.113,00');
    fireEvent.change(screen.getByLabelText(/Amount per month/), { target: { value: '1000' } });
    expect(value('required-amount')).toBe('€12.000,00');
    expect(value('total')).toBe('€12.209,00');
  });

  it('accepts only digits in the amount', () => {
    renderBlocks([blockedAccount]);
    const input = screen.getByLabelText(/Amount per month/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '99a' } });
    expect(input.value).toBe('992');
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
  });

  it('shows the default required value × months on mobile', () => {
    renderBlocks([blockedAccount], { viewport: 'mobile' });
    fireEvent.change(screen.getByLabelText(/Amount per month/), { target: { value: '1000' } });
    expect(value('required-amount')).toBe('€5.952,00');
    expect(value('total')).toBe('€6.179,00');
  });
});

describe('health-insurance calculator', () => {
  it('computes 12 × the price difference + the welcome bonus, by age, on every change', () => {
    renderBlocks([healthInsurance]);
    expect(screen.getByTestId('saving').textContent).toContain('€470,00');
    expect(screen.getByTestId('current-contribution').textContent).toContain('€160,00');
    fireEvent.change(screen.getByLabelText('Your age'), { target: { value: '1' } });
    expect(screen.getByTestId('saving').textContent).toContain('€710,00');
  });

  it("shows the contact prompt and '-' when a price is 0", () => {
    renderBlocks([healthInsurance]);
    fireEvent.change(screen.getByLabelText('Current insurance'), { target: { value: '1' } });
    expect(screen.queryByTestId('saving')).toBeNull();
    expect(screen.getByTestId('current-contribution').textContent).toContain('-');
    const prompt = screen.getByTestId('contact-prompt');
    expect(within(prompt).getByRole('link', { name: 'Ask us' }).getAttribute('href')).toBe('/contact');
  });
});
