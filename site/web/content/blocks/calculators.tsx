/** The two calculators (spec 4, 5 and 9), recomputed on every change. */
import { useId, useState } from 'react';
import { useSite } from '../context.js';
import {
  acceptAmountInput,
  blockedAccountTotals,
  blockedAccountTotalsMobile,
  formatCalculatorPrice,
  formatMoney,
  healthInsuranceSaving,
} from '../logic/index.js';
import { BlockHeader, Cta, list, text } from '../ui.js';
import type { BlockProps, Fields } from './types.js';

function Row({ label, hint, value, testId }: { label: unknown; hint: unknown; value: string; testId: string }) {
  return (
    <div className="cs-calc-row">
      <dt>
        {text(label)}
        {text(hint) ? <small className="cs-muted">{text(hint)}</small> : null}
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function BlockedAccountCalculator({ data }: BlockProps) {
  const { viewport } = useSite();
  const ids = useId();
  const options = list(data.stayDurationOptions);
  const [months, setMonths] = useState(Number(options[0]?.value ?? 12));
  const [amount, setAmount] = useState(Number(data.amountPerMonthDefaultValue ?? 0));
  const input = {
    monthlyAmount: amount,
    months,
    requiredPerMonth: Number(data.requiredBlockedAccountDefaultValue ?? 0),
    bufferValue: Number(data.blockedAccountBufferValue ?? 0),
    setUpFee: Number(data.setUpFeeValue ?? 0),
    administrationFeePerMonth: Number(data.administrationFeeValue ?? 0),
  };
  const totals = viewport === 'mobile' ? blockedAccountTotalsMobile(input) : blockedAccountTotals(input);
  return (
    <div className="cs-width">
      <div className="cs-card cs-calculator">
        <BlockHeader headline={data.headline} description={data.description} />
        <div className="cs-calc-inputs">
          <label htmlFor={`${ids}-amount`}>
            {text(data.amountPerMonthLabel)}
            {text(data.amountPerMonthHint) ? <small className="cs-muted">{text(data.amountPerMonthHint)}</small> : null}
          </label>
          <span className="cs-affix-input">
            <span aria-hidden>€</span>
            <input
              id={`${ids}-amount`}
              inputMode="numeric"
              value={amount === 0 ? '' : String(amount)}
              onChange={(e) => {
                const accepted = acceptAmountInput(e.target.value);
                if (accepted !== undefined) setAmount(accepted);
              }}
            />
          </span>
          <label htmlFor={`${ids}-months`}>
            {text(data.stayDurationLabel)}
            {text(data.stayDurationHint) ? <small className="cs-muted">{text(data.stayDurationHint)}</small> : null}
          </label>
          <select id={`${ids}-months`} value={months} onChange={(e) => setMonths(Number(e.target.value))}>
            {options.map((o) => (
              <option key={text(o.value)} value={Number(o.value)}>
                {text(o.label)}
              </option>
            ))}
          </select>
        </div>
        <dl className="cs-calc-results" aria-live="polite">
          <Row
            label={data.requiredBlockedAccountLabel}
            hint={data.requiredBlockedAccountHint}
            value={formatMoney(totals.requiredAmount)}
            testId="required-amount"
          />
          <Row
            label={data.blockedAccountBufferLabel}
            hint={data.blockedAccountBufferHint}
            value={formatMoney(input.bufferValue)}
            testId="buffer"
          />
          <Row
            label={data.setUpFeeLabel}
            hint={data.setUpFeeHint}
            value={formatMoney(input.setUpFee)}
            testId="set-up-fee"
          />
          <Row
            label={data.administrationFeeLabel}
            hint={data.administrationFeeHint}
            value={formatMoney(totals.administrationFee)}
            testId="administration-fee"
          />
          <Row
            label={data.totalLabel ?? data.totalText}
            hint={data.totalHint}
            value={formatMoney(totals.total)}
            testId="total"
          />
        </dl>
        {text(data.totalText) ? <p className="cs-muted">{text(data.totalText)}</p> : null}
        <Cta text={data.ctaText} url={data.ctaUrl} />
      </div>
    </div>
  );
}

function Choice({
  id,
  label,
  hint,
  options,
  value,
  onChange,
}: {
  id: string;
  label: unknown;
  hint: unknown;
  options: string[];
  value: number;
  onChange: (index: number) => void;
}) {
  return (
    <>
      <label htmlFor={id}>
        {text(label)}
        {text(hint) ? <small className="cs-muted">{text(hint)}</small> : null}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are chosen by position
          <option key={i} value={i}>
            {o}
          </option>
        ))}
      </select>
    </>
  );
}

const prices = (item: Fields | undefined) =>
  item ? { under23Price: Number(item.under23Price ?? 0), over23Price: Number(item.over23Price ?? 0) } : undefined;

export function HealthInsuranceCalculatorV2({ data }: BlockProps) {
  const ids = useId();
  const insurances = list(data.currentInsuranceOptions);
  const ages = list(data.currentAgeOptions);
  const universities = list(data.enrolledUniversityOptions);
  const [insurance, setInsurance] = useState(0);
  const [age, setAge] = useState(0);
  const [university, setUniversity] = useState(0);
  const result = healthInsuranceSaving({
    currentInsurance: prices(insurances[insurance]) ?? { under23Price: 0, over23Price: 0 },
    isOver23: Boolean(ages[age]?.isOver23),
    partner: prices(list(universities[university]?.provider)[0]),
    welcomeBonus: Number(data.welcomeBonusValue ?? 0),
  });
  return (
    <div className="cs-width">
      <div className="cs-card cs-calculator">
        <BlockHeader headline={data.headline} description={data.description} />
        <div className="cs-calc-inputs">
          <Choice
            id={`${ids}-insurance`}
            label={data.currentInsuranceLabel}
            hint={data.currentInsuranceHint}
            options={insurances.map((o) => text(o.name))}
            value={insurance}
            onChange={setInsurance}
          />
          <Choice
            id={`${ids}-age`}
            label={data.currentAgeLabel}
            hint={data.currentAgeHint}
            options={ages.map((o) => text(o.label))}
            value={age}
            onChange={setAge}
          />
          <Choice
            id={`${ids}-university`}
            label={data.enrolledUniversityLabel}
            hint={data.enrolledUniversityHint}
            options={universities.map((o) => text(o.name))}
            value={university}
            onChange={setUniversity}
          />
        </div>
        <dl className="cs-calc-results" aria-live="polite">
          <Row
            label={data.currentInsuranceContributionLabel}
            hint={data.currentInsuranceContributionHint}
            value={formatCalculatorPrice(result.currentPrice)}
            testId="current-contribution"
          />
          <Row
            label={data.aokInsuranceContributionLabel}
            hint={data.aokInsuranceContributionHint}
            value={formatCalculatorPrice(result.partnerPrice)}
            testId="partner-contribution"
          />
          <Row
            label={data.welcomeBonusLabel}
            hint={data.welcomeBonusHint}
            value={formatMoney(Number(data.welcomeBonusValue ?? 0))}
            testId="welcome-bonus"
          />
          {result.showContact ? null : (
            <Row
              label={data.savingAmountLabel}
              hint={data.savingAmountHint}
              value={formatMoney(result.saving ?? 0)}
              testId="saving"
            />
          )}
        </dl>
        {result.showContact ? (
          <div className="cs-contact-prompt" data-testid="contact-prompt">
            <p>{text(data.contactText)}</p>
            <Cta text={data.contactCtaText} url={data.contactCtaUrl} />
          </div>
        ) : (
          <Cta text={data.ctaText} url={data.ctaUrl} />
        )}
      </div>
    </div>
  );
}
