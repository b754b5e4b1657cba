import { useCallback } from 'react';
import { useT } from '../i18n';
import { DOCUMENT_ACCEPT } from '../lib/document-accept';
import { useUploadVerificationDocumentMutation } from '../lib/shared-api';
import { FileButton } from './file-button';
import { toast } from './toast';

/**
 * The signed-in member's employment document, uploaded again (My Profile, Settings, and /subscribe
 * for an airline member who is asked to pay): a button that opens the file picker; the picked file
 * is checked first (its type by its first bytes), then sent, with the spec's toasts. The upload
 * makes the verification status and the current user be fetched again, so the screen showing the
 * button then shows the document under review.
 */
export function DocumentUploadButton({ label, variant = 'primary' }: { label: string; variant?: 'primary' | 'outline' }) {
  const t = useT();
  const [upload, { isLoading }] = useUploadVerificationDocumentMutation();
  const uploadDocument = useCallback(
    async (files: File[]) => {
      const failed = (description: string) => toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description });
      try {
        // the checks (with the file-type detector) load with the first file picked, in no first
        // screen: offline, or after a new version replaced their chunk, that fails as an upload would
        const { pickedDocumentProblem } = await import('../lib/document-rules');
        const problem = await pickedDocumentProblem(files);
        if (problem) return void failed(t(problem));
        await upload({ file: files[0] }).unwrap();
      } catch {
        return void failed(t('verification.toast.uploadFailedText'));
      }
      toast({ title: t('verification.toast.uploaded'), description: t('verification.toast.uploadedText') });
    },
    [t, upload],
  );
  return (
    <FileButton
      variant={variant}
      label={label}
      pendingLabel={t('verification.uploading')}
      inputLabel={t('verification.uploadLabel')}
      accept={DOCUMENT_ACCEPT}
      pending={isLoading}
      onFiles={(files) => void uploadDocument(files)}
    />
  );
}
