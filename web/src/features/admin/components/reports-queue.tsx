import { useState } from 'react';
import styled from 'styled-components';
import { MODERATION_ACTIONS, type ModerationAction, type ModerationCaseView } from '@aero/contracts/shared';
import { Button, Spinner, toast } from '../../../components';
import { useErrorText, useFormatDateTime, useOptionLabel, useT } from '../../../i18n';
import { useGetReportsQuery, useModerateCaseMutation } from '../api/admin-api';
import { ACTION_KEYS, moderationRefusal, reasonCounts, reasonLabel, standing } from '../lib/moderation';
import { StyledAdminEmpty, StyledAdminItem, StyledAdminList } from './admin-styles';
import { ModerationDialog } from './moderation-dialog';
import { theme } from '../../../theme';


const StyledCase = styled(StyledAdminItem)`
  .count { font-weight: ${theme.font.weight.bold}; color: ${theme.colors.danger}; }
  .photos { display: flex; gap: ${theme.space.xs}; overflow-x: auto; }
  .photos img { width: 72px; height: 96px; object-fit: cover; border-radius: ${theme.radius.md}; flex: none; }
  ul.plain { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${theme.space.sm}; }
  blockquote { margin: 0; padding: ${theme.space.sm}; border-left: 3px solid ${theme.colors.border}; overflow-wrap: anywhere; }
  .actions { display: grid; grid-template-columns: 1fr 1fr; gap: ${theme.space.sm}; }
`;


function CaseItem({ item, onAct }: { item: ModerationCaseView; onAct: (action: ModerationAction) => void }) {
  const t = useT();
  const when = useFormatDateTime();
  const day = useFormatDateTime({ dateStyle: 'medium' });
  const optionLabel = useOptionLabel();
  const u = item.reportedUser;
  const name = u.firstName ?? t('admin.unnamed');
  return (
    <StyledCase aria-label={t('admin.reports.itemLabel', { name })}>
      <div>
        <h3>{u.age != null ? `${name}, ${u.age}` : name}</h3>
        {u.email && <p className="muted">{u.email}</p>}
        <p className="muted">
          {[u.airline, u.position && optionLabel('position', u.position)].filter(Boolean).join(' · ')}
        </p>
        <p className="muted">
          {t(`admin.reports.verification.${u.verificationStatus}`)} · {t(standing(u.restriction, day))}
        </p>
      </div>
      {u.photos.length > 0 && (
        <div className="photos">
          {u.photos.map((src, i) => (
            <img key={src} src={src} alt={t('admin.reports.photoAlt', { name, n: i + 1, total: u.photos.length })} loading="lazy" />
          ))}
        </div>
      )}
      {u.bio && <p>{u.bio}</p>}
      <p className="count">{t('admin.reports.reporters', { count: item.reporterCount })}</p>
      <div>
        <h4>{t('admin.reports.reasons')}</h4>
        <p>{reasonCounts(item.reports).map((r) => `${t(reasonLabel(r.reason))} (${r.count})`).join(', ')}</p>
      </div>
      <ul className="plain" aria-label={t('admin.reports.details')}>
        {item.reports.map((r, i) => (
          <li key={i}>
            <p className="muted">
              {when(r.createdAt)} · {t(reasonLabel(r.reason))}
              {r.automatic && ` · ${t('admin.reports.automatic')}`}
            </p>
            {r.details && <blockquote>{r.details}</blockquote>}
          </li>
        ))}
      </ul>
      {item.messages.length > 0 && (
        <div>
          <h4>{t('admin.reports.messages')}</h4>
          <ul className="plain">
            {item.messages.map((m) => (
              <li key={m.id}>
                <p className="muted">
                  {t(m.fromReported ? 'admin.reports.messageFrom' : 'admin.reports.messageFromReporter', { name })} · {when(m.createdAt)}
                </p>
                <blockquote>{m.messageType === 'text' ? m.content : t(m.messageType === 'photo' ? 'admin.reports.photoMessage' : 'admin.reports.voiceMessage')}</blockquote>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        {MODERATION_ACTIONS.map((action) => (
          <Button key={action} $variant={action === 'dismiss' ? 'ghost' : 'outline'} onClick={() => onAct(action)}>
            {t(ACTION_KEYS[action].button)}
          </Button>
        ))}
      </div>
    </StyledCase>
  );
}

/** The moderation queue: open cases (most reporters, then oldest first) and the moderator's actions. */
export function ReportsQueue() {
  const t = useT();
  const errorText = useErrorText();
  const { data, isLoading, isError } = useGetReportsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [moderate, { isLoading: pending }] = useModerateCaseMutation();
  const [acting, setActing] = useState<{ item: ModerationCaseView; action: ModerationAction } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = acting?.item.reportedUser.firstName ?? t('admin.unnamed');

  const confirm = async (input: { reason?: string; suspendDays?: number }) => {
    if (!acting) return;
    // why is required but to dismiss (the audit log keeps it)
    if (acting.action !== 'dismiss' && !input.reason) return setError(t('safety.error.moderationReasonRequired'));
    try {
      await moderate({ id: acting.item.id, action: acting.action, ...input }).unwrap();
      toast({ title: t(`admin.moderation.done.${acting.action}`, { name }) });
      setActing(null);
    } catch (e) {
      const refusal = moderationRefusal(e);
      setError(refusal ? t(refusal) : errorText(e, 'admin.moderation.failed'));
    }
  };

  if (isLoading) return <Spinner />;
  if (isError && !data) return <StyledAdminEmpty role="alert">{t('admin.reports.loadError')}</StyledAdminEmpty>;
  return (
    <>
      {!data?.length ? (
        <StyledAdminEmpty>{t('admin.reports.empty')}</StyledAdminEmpty>
      ) : (
        <StyledAdminList>
          {data.map((item) => (
            <CaseItem
              key={item.id}
              item={item}
              onAct={(action) => {
                setError(null);
                setActing({ item, action });
              }}
            />
          ))}
        </StyledAdminList>
      )}
      <ModerationDialog
        key={acting ? `${acting.item.id}:${acting.action}` : 'closed'}
        action={acting?.action ?? null}
        name={name}
        pending={pending}
        error={error}
        onConfirm={(input) => void confirm(input)}
        onCancel={() => setActing(null)}
      />
    </>
  );
}
