import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Account } from './account.js';

@Entity({ name: 'accounts', schema: 'identity' })
export class AccountEntity implements Account {
  @PrimaryColumn('uuid') id!: string;
  /** stored lower-cased: emails compare case-insensitively */
  @Column({ type: 'text', unique: true }) email!: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash!: string;
  @Column({ name: 'email_verified', type: 'boolean', default: false }) emailVerified!: boolean;
  @Column({ name: 'user_type', type: 'text', nullable: true }) userType!: string | null;
  @Column({ name: 'subscription_status', type: 'text', default: 'inactive' }) subscriptionStatus!: string;
  /** the end of the paid period, as billing last said (spec §3 subscriptionExpiresAt) */
  @Column({ name: 'subscription_expires_at', type: 'timestamptz', nullable: true }) subscriptionExpiresAt!: Date | null;
  /** billing's revision of the last subscription change applied (an older one arriving late is ignored) */
  @Column({ name: 'subscription_revision', type: 'int', default: 0 }) subscriptionRevision!: number;
  /** banned by a moderator: never signs in again, hidden everywhere */
  @Column({ name: 'banned_at', type: 'timestamptz', nullable: true }) bannedAt!: Date | null;
  /** suspended by a moderator until then: like a ban while it lasts */
  @Column({ name: 'suspended_until', type: 'timestamptz', nullable: true }) suspendedUntil!: Date | null;
  /** a demo crew account (single-node demo data) */
  @Column({ type: 'boolean', default: false }) demo!: boolean;
  /** increases with every change other services hear of (the revision in its events) */
  @Column({ type: 'int', default: 0 }) revision!: number;
  @Column({ name: 'signed_up_again', type: 'boolean', default: false }) signedUpAgain!: boolean;
  @Column({ name: 'verification_code_hash', type: 'text', nullable: true }) verificationCodeHash!: string | null;
  @Column({ name: 'verification_expires_at', type: 'timestamptz', nullable: true }) verificationExpiresAt!: Date | null;
  @Column({ name: 'verification_attempts', type: 'int', default: 0 }) verificationAttempts!: number;
  @Column({ name: 'reset_token_hash', type: 'text', nullable: true }) resetTokenHash!: string | null;
  @Column({ name: 'reset_expires_at', type: 'timestamptz', nullable: true }) resetExpiresAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
