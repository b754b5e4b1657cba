import { Limits, REPORT_REASONS, reportNeedsDetails } from '@aero/contracts/shared';
import { render } from '../../../i18n/testing';
import { emptyReport, reasonLabel, reportBody, reportProblem, toggleMessage } from './report-form';

describe('the report form', () => {
  it("needs a reason; details are limited, and required for 'other' only", () => {
    expect(reportProblem(emptyReport())).toEqual({ field: 'reason', text: { id: 'safety.error.reportReasonRequired', values: undefined } });
    expect(reportProblem({ ...emptyReport(), reason: 'harassment' })).toBeNull();
    expect(reportProblem({ ...emptyReport(), reason: 'other', details: 'x'.repeat(Limits.reportDetailsMaxChars + 1) })).toEqual({ field: 'details', text: { id: 'safety.error.reportDetailsTooLong', values: undefined } });
    for (const details of ['', ' \n '])
      expect(reportProblem({ ...emptyReport(), reason: 'other', details })).toEqual({ field: 'details', text: { id: 'safety.error.reportDetailsRequired', values: undefined } });
    expect(reportProblem({ ...emptyReport(), reason: 'other', details: ' Asked me for my crew badge ' })).toBeNull();
    expect(REPORT_REASONS.filter(reportNeedsDetails)).toEqual(['other']);
  });

  it('blocks by default and sends only what was given', () => {
    expect(reportBody('u1', { ...emptyReport(), reason: 'spam_scam', details: '  ' })).toEqual({ userId: 'u1', reason: 'spam_scam', block: true });
    expect(reportBody('u1', { reason: 'harassment', details: ' Rude ', messageIds: ['m1'], block: false })).toEqual({ userId: 'u1', reason: 'harassment', details: 'Rude', messageIds: ['m1'], block: false });
  });

  it("offers 'not airline staff' against a member who presents themselves as airline staff only", () => {
    expect(render(reasonLabel('fake_profile', true))).toBe('Fake profile or not airline staff');
    expect(render(reasonLabel('fake_profile', false))).toBe('Fake profile');
    for (const reason of REPORT_REASONS.filter((r) => r !== 'fake_profile')) expect(reasonLabel(reason, false)).toBe(reasonLabel(reason, true));
  });

  it('attaches and detaches messages', () => {
    expect(toggleMessage([], 'm1')).toEqual(['m1']);
    expect(toggleMessage(['m1', 'm2'], 'm1')).toEqual(['m2']);
  });
});
