/** `superseded`: an approved document whose member changed the airline or position it proved */
export type DocumentStatus = 'pending' | 'approved' | 'rejected' | 'superseded';

/** An employment document as the rules see it: a plain object (VerificationDocumentRepository maps the ORM entity to it). */
export interface VerificationDocument {
  id: string;
  userId: string;
  /** private object key (documents/<userId>/<id>.<ext>); only admins get a signed URL to it */
  objectKey: string;
  /** the name the member's file had; forgotten once decided, with the airline and position (only the decision and its date stay) */
  fileName: string | null;
  contentType: string;
  status: DocumentStatus;
  /** the profile's airline and position when the document was sent: what it is reviewed as proving */
  airline: string | null;
  position: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
}
