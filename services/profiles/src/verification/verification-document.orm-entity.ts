import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { DocumentStatus, VerificationDocument } from './verification-document.js';

@Entity({ name: 'verification_documents', schema: 'profiles' })
export class VerificationDocumentEntity implements VerificationDocument {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  /** private object key (documents/<userId>/<id>.<ext>); only admins get a signed URL to it */
  @Column({ name: 'object_key', type: 'text' }) objectKey!: string;
  @Column({ name: 'file_name', type: 'text', nullable: true }) fileName!: string | null;
  @Column({ name: 'content_type', type: 'text' }) contentType!: string;
  @Column({ type: 'text', default: 'pending' }) status!: DocumentStatus;
  /** the profile's airline and position when the document was sent: what it is reviewed as proving */
  @Column({ type: 'text', nullable: true }) airline!: string | null;
  @Column({ type: 'text', nullable: true }) position!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true }) reviewedAt!: Date | null;
}
