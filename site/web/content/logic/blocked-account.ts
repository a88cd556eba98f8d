/**
 * The blocked-account calculator (spec 002, sections 4, 5 and 9): required amount = monthly amount × months;
 * administration fee = months × monthly administration fee; total = buffer + set-up fee + administration fee +
 * required amount. The mobile layout shows the required amount from the default required value × months while its
 * total uses the monthly amount (the spec's two layouts disagree; both are kept).
 */

export interface BlockedAccountInput {
  /** Euros a month the student enters. */
  monthlyAmount: number;
  /** Months of the chosen stay-duration option. */
  months: number;
  /** Euros a month required by the authorities (requiredBlockedAccountDefaultValue). */
  requiredPerMonth: number;
  bufferValue: number;
  setUpFee: number;
  /** Euros per month of payout. */
  administrationFeePerMonth: number;
}

export interface BlockedAccountTotals {
  requiredAmount: number;
  administrationFee: number;
  total: number;
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The desktop figures. */
export function blockedAccountTotals(input: BlockedAccountInput): BlockedAccountTotals {
  const requiredAmount = cents(input.monthlyAmount * input.months);
  const administrationFee = cents(input.months * input.administrationFeePerMonth);
  return {
    requiredAmount,
    administrationFee,
    total: cents(input.bufferValue + input.setUpFee + administrationFee + requiredAmount),
  };
}

/** The mobile figures: the required amount shown is the default required value × months; the total as on desktop. */
export function blockedAccountTotalsMobile(input: BlockedAccountInput): BlockedAccountTotals {
  const desktop = blockedAccountTotals(input);
  return { ...desktop, requiredAmount: cents(input.requiredPerMonth * input.months) };
}

/**
 * The monthly-amount input (spec section 5): a change is accepted only when the text is empty or only digits; the
 * value is stored as a number (empty → 0). Returns undefined for a change to ignore.
 */
export function acceptAmountInput(text: string): number | undefined {
  if (text === '') return 0;
  if (!/^\d+$/.test(text)) return undefined;
  return Number(text);
}
