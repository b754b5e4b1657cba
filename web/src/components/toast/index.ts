export { Toaster } from './toaster';
export { useToast } from './use-toast';
export { toast, dismissToast, type ToastInput, type ToastVariant } from './toast-store';
