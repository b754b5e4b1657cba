import type { ReportDialogProps } from '../../../lib/report-dialog';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Limits, REPORT_REASONS, reportNeedsDetails } from '@aero/contracts/shared';
import { Button, Spinner, toast } from '../../../components';
import { SwitchField, TextAreaField } from '../../../components/form-fields';
import { Sheet } from '../../../components/sheet';
import { useErrorText, useT } from '../../../i18n';
import { useReportMemberMutation } from '../api/reports-api';
import { emptyReport, reasonLabel, reportBody, reportProblem, type ReportDraft, toggleMessage } from '../lib/report-form';
import { theme } from '../../../theme';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
`;

const StyledGroup = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  legend { padding: 0; margin-bottom: ${theme.space.sm}; font-weight: ${theme.font.weight.bold}; }
  label {
    display: flex;
    align-items: center;
    gap: ${theme.space.sm};
    min-height: ${theme.touchTarget};
    cursor: pointer;
  }
  input { width: 20px; height: 20px; flex: none; accent-color: ${theme.colors.primary}; }
  /* a long message takes two lines here, not screens of them (its whole text is still its name) */
  .message {
    overflow-wrap: anywhere;
    font-size: ${theme.font.size.sm};
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }
`;

const StyledNote = styled.p`
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

const StyledError = styled.p`
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;

const StyledSend = styled(Button)`
  background: ${theme.colors.danger};
  color: ${theme.colors.onDanger};
`;

export type { ReportDialogProps };

/**
 * Report a member (trust and safety): a reason, details (required for 'other'), messages to attach, and
 * blocking (on by default). The reported member is never told who reported them.
 */
export function ReportDialog({ userId, name, airlineStaff, open, onOpenChange, messages = [], fromMessageId = null, onReported }: ReportDialogProps) {
  const t = useT();
  const errorText = useErrorText();
  const formId = useId();
  const [draft, setDraft] = useState<ReportDraft>(() => ({ ...emptyReport(), messageIds: fromMessageId ? [fromMessageId] : [] }));
  /** what stops the report: shown at the field it is in (the reasons, the details), else above the note */
  const [problem, setProblem] = useState<{ text: string; at: 'reason' | 'details' | 'form' } | null>(null);
  const reasonsError = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const detailsField = useRef<HTMLTextAreaElement>(null);
  const [report, { isLoading }] = useReportMemberMutation();
  const update = (change: Partial<ReportDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setProblem(null);
  };

  const submit = async () => {
    const invalid = reportProblem(draft);
    if (invalid) {
      setProblem({ text: t(invalid.text), at: invalid.field });
      // the member is taken to what is missing (the focus scrolls it into view)
      (invalid.field === 'reason' ? firstReason : detailsField).current?.focus();
      return;
    }
    try {
      const result = await report(reportBody(userId, draft)).unwrap();
      toast({ title: t('safety.report.sent'), description: t(result.blocked ? 'safety.report.sentBlocked' : 'safety.report.sentText', { name }) });
      setDraft(emptyReport());
      onOpenChange(false);
      onReported?.({ blocked: result.blocked });
    } catch (error) {
      setProblem({ text: errorText(error, 'safety.report.failed'), at: 'form' });
    }
  };

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !isLoading && onOpenChange(next)}
      title={t('safety.report.title', { name })}
      description={t('safety.report.anonymous', { name })}
      closeLabel={t('safety.report.close')}
      footer={
        <>
          <Button $variant="outline" disabled={isLoading} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <StyledSend type="submit" form={formId} disabled={isLoading}>
            {isLoading ? <Spinner $size={18} /> : t('safety.report.submit')}
          </StyledSend>
        </>
      }
    >
      <StyledForm
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <StyledGroup aria-invalid={problem?.at === 'reason' || undefined} aria-describedby={problem?.at === 'reason' ? reasonsError : undefined}>
          <legend>{t('safety.report.reason', { name })}</legend>
          {problem?.at === 'reason' && (
            <StyledError id={reasonsError} role="alert">
              {problem.text}
            </StyledError>
          )}
          {REPORT_REASONS.map((reason, i) => (
            <label key={reason}>
              <input ref={i === 0 ? firstReason : undefined} type="radio" name="reason" value={reason} checked={draft.reason === reason} onChange={() => update({ reason })} />
              {t(reasonLabel(reason, airlineStaff))}
            </label>
          ))}
        </StyledGroup>
        {/* right under the reasons, on screen with them: it is on unless the member turns it off */}
        <SwitchField label={t('safety.report.block', { name })} checked={draft.block} onChange={(block) => update({ block })} />
        <TextAreaField
          ref={detailsField}
          label={t(reportNeedsDetails(draft.reason) ? 'safety.report.detailsRequired' : 'safety.report.details')}
          required={reportNeedsDetails(draft.reason)}
          error={problem?.at === 'details' ? problem.text : undefined}
          value={draft.details}
          maxLength={Limits.reportDetailsMaxChars}
          rows={3}
          onChange={(e) => update({ details: e.target.value })}
        />
        {messages.length > 0 && (
          <StyledGroup>
            <legend>{t('safety.report.messages')}</legend>
            {messages.map((m) => (
              <label key={m.id}>
                <input type="checkbox" checked={draft.messageIds.includes(m.id)} onChange={() => update({ messageIds: toggleMessage(draft.messageIds, m.id) })} />
                <span className="message">{m.content}</span>
              </label>
            ))}
          </StyledGroup>
        )}
        {problem?.at === 'form' && <StyledError role="alert">{problem.text}</StyledError>}
        <StyledNote>{t('safety.report.note')}</StyledNote>
      </StyledForm>
    </Sheet>
  );
}
