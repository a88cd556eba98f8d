/**
 * The health-insurance saving (spec 002, section 9): saving = 12 × (current monthly price − partner insurer monthly
 * price) + welcome bonus. The over-23 prices apply when the chosen age option is the over-23 one. When either monthly
 * price is 0 (not known), a contact prompt replaces the saving. Amounts are euros with 2 decimals.
 */
import { formatMoney } from './money.js';

export interface InsurancePrices {
  under23Price: number;
  over23Price: number;
}

export interface HealthInsuranceChoice {
  /** The chosen current-insurance option. */
  currentInsurance: InsurancePrices;
  /** Whether the chosen age option is the over-23 one. */
  isOver23: boolean;
  /** The partner insurer's prices: the first provider of the chosen university option. */
  partner: InsurancePrices | undefined;
  welcomeBonus: number;
}

export interface HealthInsuranceSaving {
  /** Monthly price of the current insurance for the chosen age. */
  currentPrice: number;
  /** Monthly price of the partner insurer for the chosen age. */
  partnerPrice: number;
  /** 12 × (current − partner) + welcome bonus; undefined when a price is 0 (the contact prompt shows instead). */
  saving: number | undefined;
  /** Whether the contact prompt replaces the saving figure. */
  showContact: boolean;
}

/** The price for the age: over-23 price when over 23, else the under-23 price (0 when unknown). */
export function priceForAge(prices: InsurancePrices | undefined, isOver23: boolean): number {
  if (!prices) return 0;
  const price = isOver23 ? prices.over23Price : prices.under23Price;
  return Number.isFinite(price) ? price : 0;
}

/** Rounds to cents without binary noise (0.1 + 0.2 → 0.3). */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

export function healthInsuranceSaving(choice: HealthInsuranceChoice): HealthInsuranceSaving {
  const currentPrice = priceForAge(choice.currentInsurance, choice.isOver23);
  const partnerPrice = priceForAge(choice.partner, choice.isOver23);
  const showContact = currentPrice === 0 || partnerPrice === 0;
  return {
    currentPrice,
    partnerPrice,
    saving: showContact ? undefined : cents(12 * (currentPrice - partnerPrice) + choice.welcomeBonus),
    showContact,
  };
}

/** A calculator price as shown: '-' for 0 (unknown), else euros with 2 decimals ('€125,00'). */
export function formatCalculatorPrice(price: number): string {
  return price === 0 ? '-' : formatMoney(price, 'EUR');
}

/** Defaults of spec section 4: the first insurance, age and university option. */
export function defaultChoiceIndexes(): { insurance: number; age: number; university: number } {
  return { insurance: 0, age: 0, university: 0 };
}
