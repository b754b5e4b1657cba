/**
 * The server's texts of the messaging API's own checks (a client sending what the app never does):
 * kept apart from `Messages`, which the web's first screen carries, as `SafetyMessages` are.
 */
export const MessagingMessages = {
  messageIdInvalid: 'Message id must be a UUID',
  messageTypeInvalid: 'Message type must be text, voice or photo',
  textMessageHasAttachment: 'A text message has no attachment',
  attachmentDurationInvalid: 'Attachment duration must be whole seconds',
  attachmentTypeInvalid: 'Attachment type must be voice or photo',
  unknownMessage: 'Unknown message',
  messageIdTaken: 'Message id already used',
} as const;
