export * from './slices/settings-slice';
export { verificationSectionMode, type VerificationSectionMode } from './lib/verification-section';
export { SettingsScreen } from './components/settings-screen';
