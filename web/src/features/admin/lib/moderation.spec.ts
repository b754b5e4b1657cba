import { moderationRefusal, reasonCounts, standing } from './moderation';

describe('moderation wording', () => {
  it('reads a member’s standing', () => {
    const date = (iso: string) => iso.slice(0, 10);
    expect(standing(null, date)).toEqual({ id: 'admin.reports.standing.good', values: undefined });
    expect(standing({ kind: 'banned', until: null }, date)).toEqual({ id: 'admin.reports.standing.banned', values: undefined });
    expect(standing({ kind: 'suspended', until: '2026-03-01T10:00:00.000Z' }, date)).toEqual({ id: 'admin.reports.standing.suspended', values: { until: '2026-03-01' } });
  });

  it('counts a case’s reasons, most frequent first', () => {
    expect(reasonCounts([{ reason: 'spam_scam' }, { reason: 'harassment' }, { reason: 'harassment' }])).toEqual([
      { reason: 'harassment', count: 2 },
      { reason: 'spam_scam', count: 1 },
    ]);
  });

  it('reads the moderation’s own refusals from their code, and leaves any other answer to the server’s text', () => {
    expect(moderationRefusal({ status: 403, code: 'cannot_moderate_self', serverMessage: 'You cannot decide a case about yourself' })).toBe('safety.error.cannotModerateSelf');
    expect(moderationRefusal({ status: 409, code: 'already_banned' })).toBe('safety.error.alreadyBanned');
    expect(moderationRefusal({ status: 500, code: 'internal' })).toBeNull();
    expect(moderationRefusal({ code: 'toString' })).toBeNull();
    expect(moderationRefusal(null)).toBeNull();
  });
});
