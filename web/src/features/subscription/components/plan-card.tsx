import styled from 'styled-components';
import { Limits } from '@aero/contracts/shared';
import { useLocale, useT, type MessageKey } from '../../../i18n';
import { theme } from '../../../theme';

/** the plan's six features (spec §2 /subscribe) */
const FEATURES: MessageKey[] = [
  'subscribe.feature.verified',
  'subscribe.feature.matching',
  'subscribe.feature.likes',
  'subscribe.feature.visibility',
  'subscribe.feature.messaging',
  'subscribe.feature.location',
];

const StyledPlan = styled.section`
  border-radius: ${theme.radius.lg};
  border: 2px solid ${theme.colors.accent};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow.card};
  padding: ${theme.space.xl};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  .price {
    display: flex;
    align-items: baseline;
    gap: ${theme.space.xs};
    strong { font-size: ${theme.font.size.hero}; font-weight: ${theme.font.weight.bold}; letter-spacing: -0.02em; }
    span { color: ${theme.colors.textMuted}; }
  }
  ul { list-style: none; padding: 0; margin: 0; display: flex; flex-direction: column; gap: ${theme.space.sm}; }
  li { display: flex; align-items: center; gap: ${theme.space.sm}; }
  li::before {
    content: '✓';
    flex: none;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    display: grid;
    place-items: center;
    font-size: ${theme.font.size.xs};
    font-weight: ${theme.font.weight.bold};
    background: ${theme.colors.success};
    color: ${theme.colors.onSuccess};
  }
  p.fees { color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; text-align: center; }
`;

/** the monthly price in the active language's currency format */
export function usePrice() {
  const locale = useLocale();
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(Limits.subscriptionPriceUsd);
}

/** The $9.99 per month plan with its features and 'Cancel anytime. No hidden fees.' */
export function PlanCard() {
  const t = useT();
  const price = usePrice();
  return (
    <StyledPlan aria-labelledby="plan-price">
      <p className="price" id="plan-price">
        <strong>{price}</strong>
        <span>{t('subscribe.perMonth')}</span>
      </p>
      <ul>
        {FEATURES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p className="fees">{t('subscribe.noFees')}</p>
    </StyledPlan>
  );
}
