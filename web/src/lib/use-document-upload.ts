import { useCallback } from 'react';
import { toast } from '../components';
import { useT } from '../i18n';
import { documentProblem } from './document-rules';
import { readPickedFiles } from './file-kind';
import { useUploadVerificationDocumentMutation } from './shared-api';

/**
 * The signed-in member's employment document, uploaded again (settings, and /subscribe for an
 * airline member who is asked to pay): checked first (its type by its first bytes), then sent,
 * with the spec's toasts. The upload makes the verification status and the current user be
 * fetched again.
 */
export function useDocumentUpload(onUploaded?: () => unknown) {
  const t = useT();
  const [upload, { isLoading }] = useUploadVerificationDocumentMutation();
  const uploadDocument = useCallback(
    async (files: File[]) => {
      const problem = documentProblem(await readPickedFiles(files));
      if (problem) {
        toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: t(problem) });
        return;
      }
      try {
        await upload({ file: files[0] }).unwrap();
      } catch {
        toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: t('verification.toast.uploadFailedText') });
        return;
      }
      toast({ title: t('verification.toast.uploaded'), description: t('verification.toast.uploadedText') });
      await onUploaded?.();
    },
    [onUploaded, t, upload],
  );
  return { uploadDocument, uploading: isLoading };
}
