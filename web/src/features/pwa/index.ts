export { InstallCard } from './components/install-card';
export { registerServiceWorker } from './lib/register-service-worker';
