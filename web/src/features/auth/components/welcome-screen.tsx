import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { HeartIcon, PlaneIcon, toast } from '../../../components';
import { useErrorText, useT } from '../../../i18n';
import { useCurrentUser } from '../../../lib/current-user';
import { useUpdateUserTypeMutation } from '../api/auth-api';
import type { UserType } from '../types/user';
import { AuthLayout, StyledHeading, StyledMuted } from './auth-layout';
import { theme } from '../../../theme';

const StyledChoices = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  margin-top: ${theme.space.lg};
`;

const StyledChoice = styled.button`
  display: flex;
  align-items: center;
  gap: ${theme.space.lg};
  min-height: 72px;
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.lg};
  border: 2px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  text-align: left;
  font-weight: ${theme.font.weight.semibold};
  font-size: ${theme.font.size.lg};
  cursor: pointer;
  transition: border-color 150ms ease, transform 80ms ease;
  @media (hover: hover) { &:hover:not(:disabled) { border-color: ${theme.colors.accent}; } }
  &:active:not(:disabled) { transform: scale(0.99); }
  &:disabled { opacity: 0.6; cursor: progress; }
  span.icon {
    flex: none;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    display: grid;
    place-items: center;
    background: ${theme.colors.backgroundAlt};
    color: ${theme.colors.accent};
  }
`;

/**
 * Choose Your Profile Type (/welcome): sets userType, then continues (spec §2). The type is chosen,
 * and changed, until the profile is complete (the server keeps it after that): a member who has
 * finished goes to their place instead, as after signing in.
 */
export function WelcomeScreen() {
  const user = useCurrentUser();
  const [update] = useUpdateUserTypeMutation();
  const [pending, setPending] = useState<UserType | null>(null);
  const navigate = useNavigate();
  const t = useT();
  const errorText = useErrorText();

  const choose = async (userType: UserType, next: string) => {
    if (pending) return;
    setPending(userType);
    try {
      // the reply (the updated user) becomes the current user
      await update({ userType }).unwrap();
      navigate(next);
    } catch (error) {
      toast({ variant: 'destructive', title: t('welcome.toast.error'), description: errorText(error, 'welcome.toast.errorText') });
    } finally {
      setPending(null);
    }
  };

  if (user?.profileCompleted) return <Navigate to={user.isAdmin ? '/admin' : '/swipe'} replace />;
  return (
    <AuthLayout>
      <StyledHeading>{t('welcome.heading')}</StyledHeading>
      <StyledMuted>{t('welcome.intro')}</StyledMuted>
      <StyledChoices>
        <StyledChoice type="button" disabled={!!pending} onClick={() => choose('airline', '/register?type=airline')}>
          <span className="icon">
            <PlaneIcon />
          </span>
          {t('welcome.airline')}
        </StyledChoice>
        <StyledChoice type="button" disabled={!!pending} onClick={() => choose('general', '/subscribe')}>
          <span className="icon">
            <HeartIcon />
          </span>
          {t('welcome.general')}
        </StyledChoice>
      </StyledChoices>
    </AuthLayout>
  );
}
