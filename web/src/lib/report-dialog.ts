import type { ComponentType } from 'react';

/** What the report dialog (trust and safety) takes. */
export interface ReportDialogProps {
  /** the member reported */
  userId: string;
  name: string;
  /** whether they present themselves as airline staff (an airline on their profile): 'not airline staff' is a reason against them only */
  airlineStaff: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** messages of the conversation the reporter may attach, newest last */
  messages?: readonly { id: string; content: string }[];
  /** the message the report was started from (attached from the start; the dialog is keyed by each opening) */
  fromMessageId?: string | null;
  /** after the report went: whether the member was blocked too */
  onReported?: (result: { blocked: boolean }) => void;
}

/**
 * The report dialog as the screens that offer it receive it from the page: features never import
 * each other, so the chat and discovery take it as a component slot.
 */
export type ReportDialogSlot = ComponentType<ReportDialogProps>;
