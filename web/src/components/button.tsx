import styled, { css } from 'styled-components';
import { theme } from '../theme';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'ghost' | 'link';

export const Button = styled.button.attrs<{ type?: 'button' | 'submit' | 'reset' }>((p) => ({ type: p.type ?? 'button' }))<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: ${theme.touchTarget};
  min-width: ${theme.touchTarget};
  padding: 0 ${theme.space.xl};
  border-radius: ${theme.radius.pill};
  border: 2px solid transparent;
  font-weight: ${theme.font.weight.semibold};
  font-size: ${theme.font.size.md};
  cursor: pointer;
  transition: background 150ms ease, transform 80ms ease, box-shadow 150ms ease;
  ${({ $block }) => $block && css`width: 100%;`}
  &:active:not(:disabled) { transform: scale(0.98); }
  &:disabled { opacity: 0.6; cursor: not-allowed; }

  ${({ $variant = 'primary' }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          @media (hover: hover) { &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; } }
        `;
      case 'accent':
        return css`
          background: ${theme.colors.accent};
          color: ${theme.colors.onAccent};
          box-shadow: ${theme.shadow.accent};
          @media (hover: hover) { &:hover:not(:disabled) { background: ${theme.colors.accentHover}; } }
        `;
      case 'outline':
        return css`
          background: transparent;
          border-color: ${theme.colors.border};
          color: ${theme.colors.text};
          @media (hover: hover) { &:hover:not(:disabled) { border-color: ${theme.colors.primary}; } }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.text};
          @media (hover: hover) { &:hover:not(:disabled) { background: ${theme.colors.backgroundAlt}; } }
        `;
      case 'link':
        return css`
          background: transparent;
          color: ${theme.colors.primary};
          padding: 0 ${theme.space.sm};
          text-decoration: underline;
          text-underline-offset: 3px;
        `;
    }
  }}
`;
