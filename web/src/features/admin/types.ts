/** GET /api/admin/verifications item (spec §3 verification_documents). */
export interface PendingVerification {
  id: string;
  fileName: string;
  createdAt: string;
  userId: string;
  user: { firstName: string | null; email?: string | null; airline: string | null; position: string | null };
}
