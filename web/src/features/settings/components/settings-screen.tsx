import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { FORM_MODE } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SettingsOptions, SocketEvents } from '@aero/contracts/shared';
import { getRealtime } from '../../../lib/realtime';
import { keepPushTexts } from '../../../lib/keep-push-texts';
import { BackButton, Button, PageHeader, Spinner, StyledPage, toast } from '../../../components';
import { ConfirmDialog, SelectField, SwitchField } from '../../../components/controls';
import { useErrorText, useLocale, useOptions, useT, type MessageKey } from '../../../i18n';
import { DocumentUploadButton } from '../../../components/document-upload-button';
import { useGetVerificationStatusQuery } from '../../../lib/shared-api';
import {
  useDeleteAccountMutation,
  useDeletePushSubscriptionMutation,
  useGetMemberSettingsQuery,
  useLazyGetPushPublicKeyQuery,
  useSaveMemberSettingsMutation,
  useSavePushSubscriptionMutation,
} from '../api/settings-api';
import { anyNotificationOn, type PushServer, refreshPushSubscription, subscribeToPush, unsubscribeFromPush } from '../lib/web-push';
import { settingsSchema } from '../lib/settings-schema';
import { AccountSecuritySection } from './account-security-section';
import { BlockedMembersSection } from './blocked-members-section';
import { WhenLoaded } from './when-loaded';
import { StyledSectionCard as StyledSection } from '../../../components';
import { verificationSectionMode } from '../lib/verification-section';
import { languageChanged, settingsSaved, themeChanged, type LanguagePreference, type LocalSettings, type ThemePreference } from '../slices/settings-slice';
import { theme } from '../../../theme';

const StyledForm = styled.form`
  display: contents;
`;

const StyledStatus = styled.div<{ $tone: 'pending' | 'approved' }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${theme.space.md};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.backgroundAlt};
  border-left: 4px solid ${({ $tone }) => ($tone === 'approved' ? theme.colors.success : theme.colors.accent)};
  strong { font-weight: ${theme.font.weight.bold}; }
`;

const StyledDanger = styled(Button)`
  border-color: ${theme.colors.danger};
  color: ${theme.colors.danger};
`;

function VerificationSection() {
  const t = useT();
  const { data, isLoading, isError } = useGetVerificationStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const mode = verificationSectionMode(data?.status);

  return (
    <StyledSection aria-labelledby="settings-verification">
      <h2 id="settings-verification">{t('verification.title')}</h2>
      {isLoading ? (
        <Spinner $size={24} />
      ) : isError && !data ? (
        <p className="hint">{t('verification.loadError')}</p>
      ) : mode === 'pending' ? (
        <StyledStatus $tone="pending" role="status">
          <strong>{t('verification.pending')}</strong>
          <span>{t('verification.pendingText')}</span>
        </StyledStatus>
      ) : mode === 'approved' ? (
        <StyledStatus $tone="approved" role="status">
          <strong>{t('verification.approved')}</strong>
          <span>{t('verification.approvedText')}</span>
        </StyledStatus>
      ) : (
        <>
          <p className="hint">
            {data?.status === 'rejected' ? `${t('verification.rejectedText')} ` : ''}
            {t('verification.uploadHint')}
          </p>
          <DocumentUploadButton label={t('verification.upload')} />
        </>
      )}
    </StyledSection>
  );
}

/** this browser's web push follows the notification toggles: the first one on subscribes, the last one off unsubscribes */
function usePushToggles(): { toggled: (on: boolean, notifications: LocalSettings['notifications']) => Promise<void>; refresh: () => Promise<void> } {
  const t = useT();
  const [getPublicKey] = useLazyGetPushPublicKeyQuery();
  const [saveSubscription] = useSavePushSubscriptionMutation();
  const [deleteSubscription] = useDeletePushSubscriptionMutation();
  const server: PushServer = {
    publicKey: async () => (await getPublicKey(undefined, true).unwrap()).publicKey,
    save: (subscription) => saveSubscription(subscription).unwrap(),
    remove: (endpoint) => deleteSubscription(endpoint).unwrap(),
  };
  return {
    async toggled(on, notifications) {
      try {
        if (!on) {
          if (!anyNotificationOn(notifications)) await unsubscribeFromPush(server);
          return;
        }
        const result = await subscribeToPush(server);
        // what this browser will be pushed is shown in the app's language
        if (result === 'subscribed') void keepPushTexts().catch(() => undefined);
        if (result === 'denied') toast({ variant: 'destructive', title: t('settings.push.blocked'), description: t('settings.push.blockedText') });
        if (result === 'unsupported') toast({ title: t('settings.push.unsupported') });
      } catch {
        toast({ variant: 'destructive', title: t('settings.push.failed'), description: t('common.tryAgain') });
      }
    },
    refresh: () => refreshPushSubscription(server).catch(() => undefined),
  };
}

/**
 * the settings' switches; `hint`: a line under the label; `airlineOnly`: for airline members only;
 * `pushKind`: a kind of notification pushed, whose switching on subscribes this browser
 */
const SWITCHES: { section: 'notifications' | 'privacy'; key: MessageKey; name: Path<LocalSettings>; hint?: MessageKey; airlineOnly?: true; pushKind?: true }[] = [
  { section: 'notifications', key: 'settings.notifications.matches', name: 'notifications.matches', pushKind: true },
  { section: 'notifications', key: 'settings.notifications.messages', name: 'notifications.messages', pushKind: true },
  { section: 'notifications', key: 'settings.notifications.likes', name: 'notifications.likes', pushKind: true },
  { section: 'notifications', key: 'settings.notifications.promotions', name: 'notifications.promotions', pushKind: true },
  { section: 'notifications', key: 'settings.notifications.previews', name: 'notifications.previews', hint: 'settings.notifications.previewsHint' },
  { section: 'privacy', key: 'settings.privacy.showOnline', name: 'privacy.showOnline' },
  { section: 'privacy', key: 'settings.privacy.showDistance', name: 'privacy.showDistance' },
  { section: 'privacy', key: 'settings.privacy.showAge', name: 'privacy.showAge' },
  { section: 'privacy', key: 'settings.privacy.hideFromOwnAirline', name: 'privacy.hideFromOwnAirline', airlineOnly: true },
];

/**
 * Settings (/settings): local settings (spec §3), employment verification, account deletion. The
 * notification and privacy choices are the member's, as the server holds them (the browser's copy
 * may be another member's, or older than one saved elsewhere): those sections wait for them, and
 * Save sends them only once they were shown.
 */
export function SettingsScreen({
  userId,
  isAirlineUser,
  subscriptionSection,
  onAccountDeleted,
}: {
  userId: string;
  isAirlineUser: boolean;
  /** the member's plan (the subscription feature's section, composed by the page) */
  subscriptionSection?: ReactNode;
  onAccountDeleted: () => Promise<void>;
}) {
  const t = useT();
  const options = useOptions();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const saved = useSelector((s: { settings: LocalSettings }) => s.settings);
  const { register, control, handleSubmit, getValues, reset, formState } = useForm<LocalSettings>({ mode: FORM_MODE, resolver: valibotResolver(settingsSchema), defaultValues: saved });
  const member = useGetMemberSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    if (member.data) reset({ ...getValues(), notifications: member.data.notifications, privacy: member.data.privacy }, { keepDirtyValues: true });
  }, [getValues, member.data, reset]);
  const [confirming, setConfirming] = useState(false);
  const [deleteAccount, { isLoading: deleting }] = useDeleteAccountMutation();
  const [saveMemberSettings] = useSaveMemberSettingsMutation();
  const errorText = useErrorText();
  const push = usePushToggles();
  // the language is changed here: the server writes to the member in it from now on (a connection
  // made later says it when it authenticates), and a browser that gets pushes shows them in it
  const locale = useLocale();
  useEffect(() => {
    getRealtime()?.sendIfConnected(SocketEvents.language, { language: locale });
    void keepPushTexts().catch(() => undefined);
  }, [locale]);

  /**
   * keeps `values` in this browser and, once the member's own were shown, on the server: what the
   * form starts from next; `pageGoing`: the page is going away, the call outlives it
   */
  const save = async (values: LocalSettings, pageGoing = false) => {
    dispatch(settingsSaved(values));
    try {
      // the privacy and notification choices are enforced by the server too (sent once they were shown)
      if (member.data) await saveMemberSettings({ settings: { notifications: values.notifications, privacy: values.privacy }, keepalive: pageGoing }).unwrap();
      reset(values, { keepValues: true });
      toast({ title: t('settings.toast.saved') });
      // this browser's subscription is this member's again (another may have used it), without asking anything
      if (anyNotificationOn(values.notifications)) void push.refresh();
    } catch (error) {
      // a session that ended meanwhile is told of by the sign-in screen
      if ((error as { status?: unknown })?.status === 401) return;
      toast({ variant: 'destructive', title: t('settings.toast.saveFailed'), description: errorText(error, 'common.tryAgain') });
    }
  };
  // What the member changed is not lost when they leave without pressing Save Settings (Back, the
  // browser's back, a link): it is saved as they go, with the same toast; and when the page itself
  // goes (a reload, a closed tab, another site) or is hidden (another app: a phone's browser may end
  // a hidden page without a word, pagehide included), by a call that outlives it. Not after the
  // account was deleted here.
  const leaving = useRef({ unsaved: false, save, deleted: false });
  leaving.current.unsaved = formState.isDirty;
  leaving.current.save = save;
  useEffect(() => {
    const current = leaving.current;
    const saveUnsaved = (pageGoing: boolean) => {
      if (current.unsaved && !current.deleted) void current.save(getValues(), pageGoing);
    };
    const pageGoing = () => saveUnsaved(true);
    const hidden = () => document.visibilityState === 'hidden' && saveUnsaved(true);
    window.addEventListener('pagehide', pageGoing);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', pageGoing);
      document.removeEventListener('visibilitychange', hidden);
      saveUnsaved(false);
    };
  }, [getValues]);

  const onDelete = async () => {
    try {
      await deleteAccount(userId).unwrap();
      leaving.current.deleted = true;
      setConfirming(false);
      toast({ title: t('settings.toast.accountDeleted') });
      await onAccountDeleted();
      navigate('/', { replace: true });
    } catch {
      setConfirming(false);
      toast({ variant: 'destructive', title: t('settings.toast.deleteFailed'), description: t('settings.toast.deleteFailedText') });
    }
  };

  /** a section of the member's own choices: shown once they arrived */
  const whenLoaded = (content: ReactNode) => (
    <WhenLoaded query={member} failed={t('settings.loadError')}>
      {() => content}
    </WhenLoaded>
  );

  const switches = (section: 'notifications' | 'privacy') =>
    SWITCHES.filter((s) => s.section === section && (isAirlineUser || !s.airlineOnly)).map((s) => (
      <Controller
        key={s.name}
        control={control}
        name={s.name}
        render={({ field }) => (
          <SwitchField
            label={t(s.key)}
            hint={s.hint && t(s.hint)}
            checked={field.value === true}
            onChange={(on) => {
              field.onChange(on);
              // in the gesture itself: browsers ask for permission only then (previews are how a push shows, not a kind)
              if (s.pushKind) void push.toggled(on, getValues('notifications'));
            }}
          />
        )}
      />
    ));

  return (
    <StyledPage>
      <PageHeader
        title={t('settings.title')}
        leading={
          <BackButton label={t('common.back')} onClick={() => navigate('/profile')} />
        }
      />

      <StyledForm
        noValidate
        onSubmit={handleSubmit((values) => save(values))}
      >
        <StyledSection aria-labelledby="settings-notifications">
          <h2 id="settings-notifications">{t('settings.notifications.title')}</h2>
          {whenLoaded(switches('notifications'))}
        </StyledSection>

        <StyledSection aria-labelledby="settings-privacy">
          <h2 id="settings-privacy">{t('settings.privacy.title')}</h2>
          {whenLoaded(
            <>
              {switches('privacy')}
              <SelectField label={t('settings.privacy.visibility')} options={options('profileVisibility', SettingsOptions.profileVisibility)} {...register('privacy.profileVisibility')} />
            </>,
          )}
        </StyledSection>

        <StyledSection aria-labelledby="settings-preferences">
          <h2 id="settings-preferences">{t('settings.preferences.title')}</h2>
          <SelectField label={t('settings.preferences.distanceUnit')} options={options('distanceUnit', SettingsOptions.distanceUnit)} {...register('preferences.distanceUnit')} />
          <SelectField
            label={t('settings.preferences.language')}
            options={options('language', SettingsOptions.language)}
            {...register('preferences.language', {
              // the whole app switches language at once
              onChange: (e: { target: { value: LanguagePreference } }) => dispatch(languageChanged(e.target.value)),
            })}
          />
          <SelectField
            label={t('settings.preferences.theme')}
            options={options('theme', SettingsOptions.theme)}
            {...register('preferences.theme', {
              // the theme switches at once
              onChange: (e: { target: { value: ThemePreference } }) => dispatch(themeChanged(e.target.value)),
            })}
          />
        </StyledSection>

        {/* right under what it saves, so it is not taken for the password's or the account's button */}
        <Button type="submit" $variant="accent" $block>
          {t('settings.save')}
        </Button>
      </StyledForm>

      {subscriptionSection}
      {isAirlineUser && <VerificationSection />}

      <BlockedMembersSection />

      <AccountSecuritySection />

      {/* the one that cannot be undone comes last */}
      <StyledSection aria-labelledby="settings-account">
        <h2 id="settings-account">{t('settings.account.title')}</h2>
        <p className="hint">{t('settings.account.deleteHint')}</p>
        <StyledDanger $variant="outline" $block onClick={() => setConfirming(true)}>
          {t('settings.account.delete')}
        </StyledDanger>
      </StyledSection>

      <ConfirmDialog
        open={confirming}
        title={t('settings.account.delete')}
        confirmLabel={deleting ? t('settings.account.deleting') : t('settings.account.delete')}
        pending={deleting}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('settings.account.confirm')}</p>
      </ConfirmDialog>
    </StyledPage>
  );
}
