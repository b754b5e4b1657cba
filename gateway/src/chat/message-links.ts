import { checkedAttachmentKey, messageAttachmentUrl, type MessageView, ServerLimits, type StoredMessageView } from '@aero/contracts';
import type { ObjectStorage } from '@aero/ports';

/**
 * A stored message as a member sees it: its attachment by its stable address under the
 * conversation (`messageAttachmentUrl`), never a signed one. Handing it out gives nothing: its GET
 * checks the caller each time (a member of the open conversation), so a link kept after an
 * unmatch, a block, a ban or a deletion opens nothing.
 */
export function toMessageView({ attachmentKey, ...message }: StoredMessageView): MessageView {
  // (a message event stored before photo sizes were kept has none)
  const size = { attachmentWidth: message.attachmentWidth ?? null, attachmentHeight: message.attachmentHeight ?? null };
  return { ...message, ...size, attachmentUrl: attachmentKey ? messageAttachmentUrl(message.matchId, message.id) : null };
}

export const toMessageViews = (messages: StoredMessageView[]) => messages.map(toMessageView);

/** where the stable address redirects once the member was checked: the checked copy, signed for `ServerLimits.signedUrlSeconds` */
export const signedAttachmentUrl = (storage: ObjectStorage, key: string) => storage.signedUrl(checkedAttachmentKey(key), { method: 'GET', expiresInSeconds: ServerLimits.signedUrlSeconds });
