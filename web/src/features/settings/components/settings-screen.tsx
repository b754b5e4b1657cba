import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SettingsOptions } from '@aero/contracts/shared';
import { ArrowLeftIcon, Button, ConfirmDialog, PageHeader, SelectField, Spinner, StyledCard, StyledPage, SwitchField, toast, toOptions } from '../../../components';
import { DOCUMENT_ACCEPT, documentProblem } from '../../../lib/document-rules';
import { useGetVerificationStatusQuery, useUploadVerificationDocumentMutation } from '../../../lib/shared-api';
import { useDeleteAccountMutation } from '../api/settings-api';
import { verificationSectionMode } from '../lib/verification-section';
import { settingsSaved, themeChanged, type LocalSettings } from '../slices/settings-slice';

const StyledSection = styled(StyledCard)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  h2 { font-size: ${({ theme }) => theme.font.size.md}; font-weight: ${({ theme }) => theme.font.weight.bold}; margin-bottom: ${({ theme }) => theme.space.xs}; }
  p.hint { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.colors.textMuted}; }
  & > * + label { border-top: 1px solid ${({ theme }) => theme.colors.border}; padding-top: ${({ theme }) => theme.space.xs}; }
`;

const StyledBack = styled.button.attrs({ type: 'button' })`
  min-width: ${({ theme }) => theme.touchTarget};
  min-height: ${({ theme }) => theme.touchTarget};
  display: grid;
  place-items: center;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

const StyledStatus = styled.div<{ $tone: 'pending' | 'approved' }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  border-left: 4px solid ${({ theme, $tone }) => ($tone === 'approved' ? theme.colors.success : theme.colors.accent)};
  strong { font-weight: ${({ theme }) => theme.font.weight.bold}; }
`;

const StyledUpload = styled.label`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ theme }) => theme.touchTarget};
  padding: 0 ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  cursor: pointer;
  &:focus-within { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  &[aria-disabled='true'] { opacity: 0.6; cursor: progress; }
  input { position: absolute; width: 1px; height: 1px; opacity: 0; }
`;

const StyledDanger = styled(Button)`
  border-color: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
`;

const visibilityLabels: Record<string, string> = { everyone: 'Everyone', 'verified-only': 'Verified members only', hidden: 'Hidden' };

function VerificationSection() {
  const { data, isLoading, isError, refetch } = useGetVerificationStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const [upload, { isLoading: uploading }] = useUploadVerificationDocumentMutation();
  const mode = verificationSectionMode(data?.status);

  const onPick = async (files: File[]) => {
    const problem = documentProblem(files);
    if (problem) {
      toast({ variant: 'destructive', title: 'Upload failed', description: problem });
      return;
    }
    try {
      await upload({ file: files[0] }).unwrap();
      toast({ title: 'Document uploaded', description: 'Your document has been submitted for review.' });
      refetch();
    } catch {
      toast({ variant: 'destructive', title: 'Upload failed', description: 'Failed to upload document. Please try again.' });
    }
  };

  return (
    <StyledSection aria-labelledby="settings-verification">
      <h2 id="settings-verification">Employment Verification</h2>
      {isLoading ? (
        <Spinner $size={24} />
      ) : isError ? (
        <p className="hint">Could not load your verification status.</p>
      ) : mode === 'pending' ? (
        <StyledStatus $tone="pending" role="status">
          <strong>Under Review</strong>
          <span>We'll review your document within 24 to 48 hours.</span>
        </StyledStatus>
      ) : mode === 'approved' ? (
        <StyledStatus $tone="approved" role="status">
          <strong>Verified</strong>
          <span>Your employment is verified. Your profile shows the verified badge.</span>
        </StyledStatus>
      ) : (
        <>
          <p className="hint">
            {data?.status === 'rejected' ? 'Your last document was not accepted. Please upload a new one. ' : ''}Upload a recent paystub (image or PDF, max 10MB) to get your verified badge.
          </p>
          <StyledUpload aria-disabled={uploading}>
            {uploading && <Spinner $size={18} />}
            {uploading ? 'Uploading...' : 'Upload Document'}
            <input
              type="file"
              accept={DOCUMENT_ACCEPT}
              aria-label="Upload employment document"
              disabled={uploading}
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                void onPick(files);
              }}
            />
          </StyledUpload>
        </>
      )}
    </StyledSection>
  );
}

/** Settings (/settings): local settings (spec §3), employment verification, account deletion. */
export function SettingsScreen({ userId, isAirlineUser, onAccountDeleted }: { userId: string; isAirlineUser: boolean; onAccountDeleted: () => Promise<void> }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const saved = useSelector((s: { settings: LocalSettings }) => s.settings);
  const [draft, setDraft] = useState<LocalSettings>(saved);
  const [confirming, setConfirming] = useState(false);
  const [deleteAccount, { isLoading: deleting }] = useDeleteAccountMutation();

  const setSection = <S extends keyof LocalSettings>(section: S, patch: Partial<LocalSettings[S]>) => setDraft((d) => ({ ...d, [section]: { ...d[section], ...patch } }));

  const onDelete = async () => {
    try {
      await deleteAccount(userId).unwrap();
      setConfirming(false);
      toast({ title: 'Account deleted' });
      await onAccountDeleted();
      navigate('/', { replace: true });
    } catch {
      setConfirming(false);
      toast({ variant: 'destructive', title: 'Delete failed', description: 'Failed to delete account. Please try again.' });
    }
  };

  return (
    <StyledPage>
      <PageHeader
        title="Settings"
        leading={
          <StyledBack aria-label="Back" onClick={() => navigate('/profile')}>
            <ArrowLeftIcon />
          </StyledBack>
        }
      />

      <StyledSection aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">Notifications</h2>
        <SwitchField label="New matches" checked={draft.notifications.matches} onChange={(v) => setSection('notifications', { matches: v })} />
        <SwitchField label="Messages" checked={draft.notifications.messages} onChange={(v) => setSection('notifications', { messages: v })} />
        <SwitchField label="Likes" checked={draft.notifications.likes} onChange={(v) => setSection('notifications', { likes: v })} />
        <SwitchField label="Promotions" checked={draft.notifications.promotions} onChange={(v) => setSection('notifications', { promotions: v })} />
      </StyledSection>

      <StyledSection aria-labelledby="settings-privacy">
        <h2 id="settings-privacy">Privacy</h2>
        <SwitchField label="Show online status" checked={draft.privacy.showOnline} onChange={(v) => setSection('privacy', { showOnline: v })} />
        <SwitchField label="Show distance" checked={draft.privacy.showDistance} onChange={(v) => setSection('privacy', { showDistance: v })} />
        <SwitchField label="Show age" checked={draft.privacy.showAge} onChange={(v) => setSection('privacy', { showAge: v })} />
        <SelectField
          label="Profile visibility"
          value={draft.privacy.profileVisibility}
          onChange={(e) => setSection('privacy', { profileVisibility: e.target.value as LocalSettings['privacy']['profileVisibility'] })}
          options={SettingsOptions.profileVisibility.map((value) => ({ value, label: visibilityLabels[value] }))}
        />
      </StyledSection>

      <StyledSection aria-labelledby="settings-preferences">
        <h2 id="settings-preferences">Preferences</h2>
        <SelectField
          label="Distance unit"
          value={draft.preferences.distanceUnit}
          onChange={(e) => setSection('preferences', { distanceUnit: e.target.value as LocalSettings['preferences']['distanceUnit'] })}
          options={toOptions(SettingsOptions.distanceUnit)}
        />
        <SelectField
          label="Language"
          value={draft.preferences.language}
          onChange={(e) => setSection('preferences', { language: e.target.value as LocalSettings['preferences']['language'] })}
          options={toOptions(SettingsOptions.language)}
        />
        <SelectField
          label="Theme"
          value={draft.preferences.theme}
          onChange={(e) => {
            const theme = e.target.value as LocalSettings['preferences']['theme'];
            setSection('preferences', { theme });
            dispatch(themeChanged(theme)); // the theme switches at once
          }}
          options={toOptions(SettingsOptions.theme)}
        />
      </StyledSection>

      {isAirlineUser && <VerificationSection />}

      <StyledSection aria-labelledby="settings-account">
        <h2 id="settings-account">Account Management</h2>
        <p className="hint">Deleting your account removes your profile, photos and matches. This cannot be undone.</p>
        <StyledDanger $variant="outline" $block onClick={() => setConfirming(true)}>
          Delete Account
        </StyledDanger>
      </StyledSection>

      <Button
        $variant="accent"
        $block
        onClick={() => {
          dispatch(settingsSaved(draft));
          toast({ title: 'Settings saved' });
        }}
      >
        Save Settings
      </Button>

      <ConfirmDialog open={confirming} title="Delete Account" confirmLabel={deleting ? 'Deleting...' : 'Delete Account'} pending={deleting} onConfirm={onDelete} onCancel={() => setConfirming(false)}>
        <p>Are you sure you want to delete your account? This cannot be undone.</p>
      </ConfirmDialog>
    </StyledPage>
  );
}
