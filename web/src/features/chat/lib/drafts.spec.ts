import { Limits } from '@aero/contracts/shared';
import { memoryStorage } from '../../../lib/current-user/testing';
import { draftStorageKey, keepDraft, readDraft } from './drafts';

describe('conversation drafts', () => {
  let tab: ReturnType<typeof memoryStorage>;
  beforeEach(() => (tab = memoryStorage('sessionStorage')));
  afterEach(() => tab.restore());

  it('keeps a draft per member and conversation, and reads it back', () => {
    keepDraft(draftStorageKey('me', 'm1'), 'See you at gate');
    expect(readDraft(draftStorageKey('me', 'm1'))).toBe('See you at gate');
    expect(readDraft(draftStorageKey('me', 'm2'))).toBe('');
    expect(readDraft(draftStorageKey('someone-else', 'm1'))).toBe('');
  });

  it('forgets a draft made blank (sent or wiped)', () => {
    const key = draftStorageKey('me', 'm1');
    keepDraft(key, 'Hi');
    keepDraft(key, '  \n ');
    expect(tab.storage.has(key)).toBe(false);
    expect(readDraft(key)).toBe('');
  });

  it('reads what is not a draft (edited storage, an older shape) as none, and a too long one whole (nothing of it lost)', () => {
    const key = draftStorageKey('me', 'm1');
    tab.storage.set(key, JSON.stringify({ text: 'hi' }));
    expect(readDraft(key)).toBe('');
    tab.storage.set(key, 'not json');
    expect(readDraft(key)).toBe('');
    tab.storage.set(key, JSON.stringify('a'.repeat(Limits.messageMaxChars + 10)));
    expect(readDraft(key)).toHaveLength(Limits.messageMaxChars + 10);
  });
});
