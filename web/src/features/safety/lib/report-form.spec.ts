import { Limits } from '@aero/contracts/shared';
import { emptyReport, reportBody, reportProblem, toggleMessage } from './report-form';

describe('the report form', () => {
  it('needs a reason; details are optional and limited', () => {
    expect(reportProblem(emptyReport())).toEqual({ id: 'safety.error.reportReasonRequired', values: undefined });
    expect(reportProblem({ ...emptyReport(), reason: 'harassment' })).toBeNull();
    expect(reportProblem({ ...emptyReport(), reason: 'other', details: 'x'.repeat(Limits.reportDetailsMaxChars + 1) })).toEqual({ id: 'safety.error.reportDetailsTooLong', values: undefined });
  });

  it('blocks by default and sends only what was given', () => {
    expect(reportBody('u1', { ...emptyReport(), reason: 'spam_scam', details: '  ' })).toEqual({ userId: 'u1', reason: 'spam_scam', block: true });
    expect(reportBody('u1', { reason: 'harassment', details: ' Rude ', messageIds: ['m1'], block: false })).toEqual({ userId: 'u1', reason: 'harassment', details: 'Rude', messageIds: ['m1'], block: false });
  });

  it('attaches and detaches messages', () => {
    expect(toggleMessage([], 'm1')).toEqual(['m1']);
    expect(toggleMessage(['m1', 'm2'], 'm1')).toEqual(['m2']);
  });
});
