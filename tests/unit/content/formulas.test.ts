import { describe, expect, it } from 'vitest';
import {
  acceptAmountInput,
  blockedAccountTotals,
  blockedAccountTotalsMobile,
  copyrightText,
  dashedName,
  formatCalculatorPrice,
  formatLongDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatScore,
  formatShortDate,
  healthInsuranceSaving,
  iconName,
  ordinal,
  overallRating,
  priceForAge,
  rankNumber,
  ratingCountKey,
  ratingLabel,
  starsFor,
  viewportFor,
} from '../../../site/web/content/logic/index.js';

describe('health-insurance saving', () => {
  const privateInsurance = { under23Price: 160, over23Price: 190 };
  const partner = { under23Price: 125, over23Price: 135 };

  it('is 12 × (current − partner) + welcome bonus with the under-23 prices', () => {
    expect(
      healthInsuranceSaving({ currentInsurance: privateInsurance, isOver23: false, partner, welcomeBonus: 50 }),
    ).toEqual({
      currentPrice: 160,
      partnerPrice: 125,
      saving: 470,
      showContact: false,
    });
  });

  it('takes the over-23 prices when the over-23 age option is chosen', () => {
    const result = healthInsuranceSaving({
      currentInsurance: privateInsurance,
      isOver23: true,
      partner,
      welcomeBonus: 50,
    });
    expect(result).toMatchObject({ currentPrice: 190, partnerPrice: 135, saving: 12 * 55 + 50 });
  });

  it('can be negative when the current insurance is cheaper, and keeps cents exact', () => {
    const cheap = { under23Price: 120.1, over23Price: 120.1 };
    expect(healthInsuranceSaving({ currentInsurance: cheap, isOver23: false, partner, welcomeBonus: 0.2 }).saving).toBe(
      -58.6,
    );
  });

  it('shows the contact prompt instead of a saving when either price is 0', () => {
    const unknown = { under23Price: 0, over23Price: 0 };
    expect(healthInsuranceSaving({ currentInsurance: unknown, isOver23: false, partner, welcomeBonus: 50 })).toEqual({
      currentPrice: 0,
      partnerPrice: 125,
      saving: undefined,
      showContact: true,
    });
    expect(
      healthInsuranceSaving({ currentInsurance: privateInsurance, isOver23: true, partner: unknown, welcomeBonus: 50 })
        .showContact,
    ).toBe(true);
    // no university provider at all counts as price 0
    expect(priceForAge(undefined, false)).toBe(0);
  });

  it("shows zero prices as '-' and others as euros with 2 decimals", () => {
    expect(formatCalculatorPrice(0)).toBe('-');
    expect(formatCalculatorPrice(125)).toBe('€125,00');
    expect(formatCalculatorPrice(1234.5)).toBe('€1.234,50');
  });
});

describe('blocked-account calculator', () => {
  const input = {
    monthlyAmount: 992,
    months: 12,
    requiredPerMonth: 992,
    bufferValue: 100,
    setUpFee: 49,
    administrationFeePerMonth: 5,
  };

  it('computes required amount, administration fee and total', () => {
    expect(blockedAccountTotals(input)).toEqual({ requiredAmount: 11904, administrationFee: 60, total: 12113 });
    expect(blockedAccountTotals({ ...input, monthlyAmount: 1200, months: 6 })).toEqual({
      requiredAmount: 7200,
      administrationFee: 30,
      total: 7379,
    });
  });

  it('on mobile shows the default required value × months but totals the monthly amount', () => {
    const more = { ...input, monthlyAmount: 1100 };
    expect(blockedAccountTotalsMobile(more)).toEqual({ requiredAmount: 11904, administrationFee: 60, total: 13409 });
    expect(blockedAccountTotals(more).requiredAmount).toBe(13200);
  });

  it('accepts only empty or digits-only text for the monthly amount, as a number', () => {
    expect(acceptAmountInput('1200')).toBe(1200);
    expect(acceptAmountInput('')).toBe(0);
    expect(acceptAmountInput('12a')).toBeUndefined();
    expect(acceptAmountInput('1.200')).toBeUndefined();
    expect(acceptAmountInput('-5')).toBeUndefined();
    expect(acceptAmountInput(' 5')).toBeUndefined();
  });
});

describe('ratings', () => {
  it.each([
    [0, 'noRatings'],
    [-1, 'noRatings'],
    [Number.NaN, 'noRatings'],
    [0.5, 'good'],
    [3, 'good'],
    [3.01, 'veryGood'],
    [4, 'veryGood'],
    [4.01, 'excellent'],
    [5, 'excellent'],
  ] as const)('labels %s as %s', (rate, label) => {
    expect(ratingLabel(rate)).toBe(label);
  });

  it('takes the mean of the rates above 0, to 1 decimal', () => {
    expect(overallRating([4.6, 4.2, 3.8, 0])).toBe(4.2);
    expect(overallRating([5, 4])).toBe(4.5);
    expect(overallRating([4.25, 4.2])).toBe(4.2);
    expect(overallRating([4.15, 4.2])).toBe(4.2);
    expect(overallRating([0, 0])).toBe(0);
    expect(overallRating([])).toBe(0);
  });

  it('formats scores with 1 and percentages with 0 decimals, German style', () => {
    expect(formatScore(4.25)).toBe('4,3');
    expect(formatScore(4)).toBe('4,0');
    expect(formatPercent(91.6)).toBe('92');
    expect(formatPercent(1234)).toBe('1.234');
  });

  it("says 'rating' for one and 'ratings' otherwise", () => {
    expect(ratingCountKey(1)).toBe('rating');
    expect(ratingCountKey(0)).toBe('ratings');
    expect(ratingCountKey(42)).toBe('ratings');
  });

  it('shows half stars', () => {
    expect(starsFor(4.3)).toEqual({ full: 4, half: true, empty: 0 });
    expect(starsFor(3.2)).toEqual({ full: 3, half: false, empty: 2 });
    expect(starsFor(0)).toEqual({ full: 0, half: false, empty: 5 });
  });
});

describe('money formats', () => {
  it('uses . for thousands, , for decimals and 2 decimals by default', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(1.005)).toBe('1,01');
    expect(formatNumber(0)).toBe('0,00');
    expect(formatNumber(-1500)).toBe('-1.500,00');
    expect(formatNumber(999.999, 2)).toBe('1.000,00');
    expect(formatNumber(12, 0)).toBe('12');
  });

  it('puts the currency symbol first: $, €, £, ¥, ₽, ₫', () => {
    expect(formatMoney(11904)).toBe('€11.904,00');
    expect(formatMoney(10, 'USD')).toBe('$10,00');
    expect(formatMoney(10, 'GBP')).toBe('£10,00');
    expect(formatMoney(10, 'JPY', 0)).toBe('¥10');
    expect(formatMoney(10, 'CNY')).toBe('¥10,00');
    expect(formatMoney(10, 'RUB')).toBe('₽10,00');
    expect(formatMoney(25000, 'VND', 0)).toBe('₫25.000');
    expect(formatMoney(-58.6)).toBe('-€58,60');
    expect(formatMoney(3, 'CHF')).toBe('CHF 3,00');
  });
});

describe('text helpers', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
    [0, '0th'],
  ])('ordinal(%i) is %s', (n, text) => {
    expect(ordinal(n)).toBe(text);
  });

  it('pads ranking numbers to two digits below 10', () => {
    expect([1, 2, 9, 10, 11, 100].map(rankNumber)).toEqual(['01', '02', '09', '10', '11', '100']);
  });

  it('replaces the current-year placeholder of the copyright line', () => {
    const now = new Date(2027, 5, 1);
    expect(copyrightText('© {currentYear} Antrag. Since 2020, {currentYear}.', now)).toBe(
      '© 2027 Antrag. Since 2020, 2027.',
    );
    expect(copyrightText('© Antrag', now)).toBe('© Antrag');
  });

  it('formats dates as DD.MM.YYYY and as a full date in the active language', () => {
    expect(formatShortDate('2026-03-02')).toBe('02.03.2026');
    expect(formatLongDate('2026-03-02', 'en')).toBe('March 2, 2026');
    expect(formatLongDate('2026-03-02', 'de')).toBe('2. März 2026');
    expect(formatLongDate('2026-03-02', 'zh')).toBe('2026年3月2日');
  });

  it('names block sections in dashed case and knows the icon names', () => {
    expect(dashedName('HealthInsuranceCalculatorV2')).toBe('health-insurance-calculator-v2');
    expect(dashedName('CtaHero')).toBe('cta-hero');
    expect(iconName('file-upload')).toBe('file-upload');
    expect(iconName('rocket')).toBeUndefined();
  });

  it('chooses the mobile layout below the medium breakpoint', () => {
    expect(viewportFor(375)).toBe('mobile');
    expect(viewportFor(1023)).toBe('mobile');
    expect(viewportFor(1024)).toBe('desktop');
    expect(viewportFor(1440)).toBe('desktop');
  });
});
