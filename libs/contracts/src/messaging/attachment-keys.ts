const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
const KEY = new RegExp(`(?:^|/)(attachments/(${UUID})/(${UUID}))$`);

/** Where a member's message attachment is stored: `attachments/<uploader>/<id>`. */
export const attachmentKey = (uploaderId: string, id: string) => `attachments/${uploaderId}/${id}`;
export const attachmentPrefix = (uploaderId: string) => `attachments/${uploaderId}/`;
/**
 * Where the checked copy of an upload is kept and served from (photo re-encoded, voice clip typed
 * by its bytes). No upload address is ever signed for it: what is sent in a message cannot be
 * replaced through the address it was uploaded to, which stays valid for minutes.
 */
export const checkedAttachmentKey = (key: string) => `${key}.checked`;

/**
 * The address a message's attachment is shown by (`attachmentUrl` of a message view): stable, under
 * its conversation. Its GET answers only a member of the open conversation, with a redirect to a
 * signed URL of the checked copy that lives `ServerLimits.signedUrlSeconds`; anyone else, and
 * everyone once the conversation has ended (unmatch, block, ban, deletion), gets 404.
 */
export const messageAttachmentUrl = (matchId: string, messageId: string) => `/api/matches/${matchId}/messages/${messageId}/attachment`;

/**
 * The attachment key named by an upload address (local `/objects/<key>?…` or an S3 URL ending in
 * the key), or the key itself; null for anything else. Only the path counts, never the host.
 */
export function attachmentKeyFrom(urlOrKey: string): { key: string; uploaderId: string } | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(urlOrKey, 'http://local.invalid').pathname);
  } catch {
    return null;
  }
  const match = KEY.exec(path);
  return match ? { key: match[1]!, uploaderId: match[2]! } : null;
}
