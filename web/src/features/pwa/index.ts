export { InstallCard } from './components/install-card';
export { UpdatePrompt } from './components/update-prompt';
export { registerServiceWorker } from './lib/register-service-worker';
