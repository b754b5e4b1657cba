import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { Limits, type ModerationAction } from '@aero/contracts/shared';
import { Button, Spinner } from '../../../components';
import { StyledDialogContent, StyledOverlay } from '../../../components/confirm-dialog';
import { useReturnFocus } from '../../../components/return-focus';
import { SelectField, TextAreaField } from '../../../components/form-fields';
import { useT } from '../../../i18n';
import { ACTION_KEYS, SUSPENSION_DAYS } from '../lib/moderation';
import { theme } from '../../../theme';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
  h2 { font-size: ${theme.font.size.lg}; }
  .actions { display: grid; grid-template-columns: 1fr 1fr; gap: ${theme.space.sm}; }
`;

const StyledDanger = styled(Button)`
  background: ${theme.colors.danger};
  color: ${theme.colors.onDanger};
`;

/**
 * The moderator's action on a case: why (kept in the audit log; optional only to dismiss) and,
 * for a suspension, how long.
 */
export function ModerationDialog({
  action,
  name,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  action: ModerationAction | null;
  name: string;
  pending: boolean;
  error: string | null;
  onConfirm: (input: { reason?: string; suspendDays?: number }) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const returnFocus = useReturnFocus(action !== null);
  const close = () => {
    if (pending) return;
    setReason('');
    onCancel();
  };
  return (
    <Dialog.Root open={action !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <StyledOverlay />
        <StyledDialogContent aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          {action && (
            <StyledForm
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                onConfirm({ ...(reason.trim() ? { reason: reason.trim() } : {}), ...(action === 'suspend' ? { suspendDays: Number(days) } : {}) });
              }}
            >
              <Dialog.Title asChild>
                <h2>{t(ACTION_KEYS[action].title, { name })}</h2>
              </Dialog.Title>
              <TextAreaField
                label={t(action === 'dismiss' ? 'admin.moderation.reasonOptional' : 'admin.moderation.reason')}
                value={reason}
                maxLength={Limits.moderationReasonMaxChars}
                rows={3}
                error={error ?? undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              {action === 'suspend' && (
                <SelectField
                  label={t('admin.moderation.days')}
                  value={days}
                  onChange={(e) => setDays(e.target.value)}
                  options={SUSPENSION_DAYS.map((d) => ({ value: String(d), label: t('admin.moderation.daysOption', { count: d }) }))}
                />
              )}
              <div className="actions">
                <Button $variant="outline" disabled={pending} onClick={close}>
                  {t('common.cancel')}
                </Button>
                <StyledDanger type="submit" disabled={pending}>
                  {pending ? <Spinner $size={18} /> : t(ACTION_KEYS[action].button)}
                </StyledDanger>
              </div>
            </StyledForm>
          )}
        </StyledDialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
