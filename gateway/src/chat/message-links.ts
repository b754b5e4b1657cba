import { checkedAttachmentKey, type MessageView, ServerLimits, type StoredMessageView } from '@aero/contracts';
import type { ObjectStorage } from '@aero/ports';

/**
 * A stored message as a member sees it: its attachment (the checked copy) as a short-lived signed address. Only
 * called for members of the conversation (the service checked), so handing it out is the access.
 */
export async function toMessageView(storage: ObjectStorage, { attachmentKey, ...message }: StoredMessageView): Promise<MessageView> {
  const attachmentUrl = attachmentKey ? await storage.signedUrl(checkedAttachmentKey(attachmentKey), { method: 'GET', expiresInSeconds: ServerLimits.attachmentUrlSeconds }) : null;
  return { ...message, attachmentUrl };
}

export const toMessageViews = (storage: ObjectStorage, messages: StoredMessageView[]) => Promise.all(messages.map((m) => toMessageView(storage, m)));
