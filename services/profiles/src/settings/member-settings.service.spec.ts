import { defaultMemberSettings, type MemberSettings } from '@aero/contracts';
import { mergeSettings, withDefaults } from './member-settings.service.js';

describe('member settings', () => {
  it('changes only the keys sent', () => {
    const merged = mergeSettings(defaultMemberSettings(), { privacy: { showAge: false } });
    expect(merged).toEqual({ ...defaultMemberSettings(), privacy: { ...defaultMemberSettings().privacy, showAge: false } });
  });

  it('reads a null stored before requests refused it as the default: the services that apply settings never see one', () => {
    const stored = { notifications: { ...defaultMemberSettings().notifications, messages: null }, privacy: { ...defaultMemberSettings().privacy, showAge: null, profileVisibility: null } } as unknown as MemberSettings;
    expect(withDefaults(stored)).toEqual(defaultMemberSettings());
  });
});
