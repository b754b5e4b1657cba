import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { StoredNotification } from './notification.js';

@Entity({ name: 'notifications', schema: 'notifications' })
@Index(['userId', 'createdAt', 'seq'])
export class NotificationEntity implements StoredNotification {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'text' }) type!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) message!: string;
  @Column({ type: 'jsonb', default: {} }) data!: Record<string, string>;
  @Column({ type: 'boolean', default: false }) read!: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  /** the order of creation, within one transaction too (`created_at` is the transaction's start); the database assigns it */
  @Column({ type: 'bigint', insert: false, update: false }) seq!: string;
}
