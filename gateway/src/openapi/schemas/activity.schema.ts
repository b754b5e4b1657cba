import { ATTACHMENT_TYPES, type BlockView, type BoostStateView, type BoostView, type FilterPreferencesView, FilterOptions, type MatchView, MESSAGE_TYPES, type MessageView, NOTIFICATION_TYPES, type NotificationView, type ProfileViewEntry, type SwipeResult } from '@aero/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { SuccessSchema } from './common.schema.js';
import { Bool, DateTime, Id, Int, NullableDateTime, NullableInt, NullableStr, Str, StrList } from './properties.js';

class MatchRefSchema {
  @Id() id!: string;
}

export class SwipeResultSchema implements SwipeResult {
  @Bool() isMatch!: boolean;
  @ApiProperty({ type: () => MatchRefSchema, required: false, description: 'the new match, when isMatch' }) match?: MatchRefSchema;
}

export class UndoSchema extends SuccessSchema {
  @Id({ description: 'the member of the undone swipe' }) toUserId!: string;
  @Str({ enum: ['like', 'super_like', 'pass'] }) action!: string;
}

export class BoostSchema implements BoostView {
  @Int({ description: 'minutes the boost lasts from now' }) duration!: number;
  @DateTime() expiresAt!: string;
}

export class BoostStateSchema implements BoostStateView {
  @NullableDateTime({ description: 'when the boost on now ends; null when none is on' }) expiresAt!: string | null;
  @Int({ description: "seconds it has left by the server's clock (0 when none is on)" }) secondsLeft!: number;
}

export class FilterPreferencesSchema implements FilterPreferencesView {
  @NullableInt() minAge!: number | null;
  @NullableInt() maxAge!: number | null;
  @StrList() airlines!: string[];
  @StrList() positions!: string[];
  @ApiProperty({ enum: FilterOptions.gender }) gender!: FilterPreferencesView['gender'];
  @StrList({ description: 'IATA codes' }) baseAirports!: string[];
}

type Viewer = ProfileViewEntry['viewer'];
class ViewerSchema implements Viewer {
  @Id() id!: string;
  @NullableStr() firstName!: string | null;
  @NullableInt() age!: number | null;
  @Bool() verified!: boolean;
  @NullableStr() position!: string | null;
  @NullableStr() airline!: string | null;
  @NullableStr() location!: string | null;
  @NullableStr() mainPhoto!: string | null;
  @StrList() photos!: string[];
}

export class ProfileViewEntrySchema implements ProfileViewEntry {
  @Id() id!: string;
  @ApiProperty({ type: () => ViewerSchema }) viewer!: ViewerSchema;
  @DateTime() createdAt!: string;
}

type OtherUser = MatchView['otherUser'];
class OtherUserSchema implements OtherUser {
  @Id() id!: string;
  @NullableStr() firstName!: string | null;
  @NullableStr() mainPhoto!: string | null;
  @NullableStr() position!: string | null;
  @NullableStr() airline!: string | null;
}

export class MatchSchema implements MatchView {
  @Id() id!: string;
  @ApiProperty({ type: () => OtherUserSchema }) otherUser!: OtherUserSchema;
  @Bool() hasMessages!: boolean;
  @Bool() hasUnreadMessages!: boolean;
  @Bool({ required: false, description: 'online now (and showing it)' }) online?: boolean;
  @DateTime() createdAt!: string;
}

export class MessageSchema implements MessageView {
  @Id() id!: string;
  @Id() matchId!: string;
  @Id() senderId!: string;
  @Str() content!: string;
  @ApiProperty({ enum: MESSAGE_TYPES }) messageType!: MessageView['messageType'];
  @NullableStr({ description: 'voice and photo: the stable address `/api/matches/{matchId}/messages/{id}/attachment`, whose GET redirects a member of the open conversation to a signed URL of a few minutes (404 once it ended)' }) attachmentUrl!: string | null;
  @NullableInt({ description: 'seconds' }) attachmentDuration!: number | null;
  @NullableInt({ description: "a photo's width in pixels (null for text and voice)" }) attachmentWidth!: number | null;
  @NullableInt({ description: "a photo's height in pixels (null for text and voice)" }) attachmentHeight!: number | null;
  @DateTime() createdAt!: string;
  @NullableDateTime({ description: 'when the recipient read it (null on your own messages while the recipient hides their online status)' }) readAt!: string | null;
}

export class ReadReceiptSchema extends SuccessSchema {
  @NullableDateTime() readAt!: string | null;
}

export class BlockSchema implements BlockView {
  @Id() userId!: string;
  @NullableStr() firstName!: string | null;
  @DateTime() createdAt!: string;
}

export class UploadUrlSchema {
  @Str({ description: 'PUT the file there with its content type, then PUT /api/message-attachments' }) uploadURL!: string;
}

export class AttachmentRegisteredSchema extends SuccessSchema {
  @Str() attachmentUrl!: string;
  @ApiProperty({ enum: ATTACHMENT_TYPES, required: false }) messageType?: string;
}

class NotificationDataSchema {
  @Id({ required: false }) matchId?: string;
  @Id({ required: false }) fromUserId?: string;
}

export class NotificationSchema implements NotificationView {
  @Id() id!: string;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) type!: NotificationView['type'];
  @Str() title!: string;
  @Str() message!: string;
  @Bool() read!: boolean;
  @DateTime() createdAt!: string;
  @ApiProperty({ type: () => NotificationDataSchema }) data!: NotificationDataSchema;
}

export class NotificationReadSchema {
  @ApiProperty({ type: Boolean, enum: [true] }) read!: true;
}

export class PushPublicKeySchema {
  @Str({ description: 'the VAPID public key (base64url) for PushManager.subscribe' }) publicKey!: string;
}
