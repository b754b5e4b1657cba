import type { RpcClient } from '@aero/common';
import { DomainError, ErrorCodes } from '@aero/contracts';
import { LocalObjectStorage } from '@aero/ports';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MultipartForm } from '../uploads/multipart-form.js';
import { VerificationDocuments } from './verification-documents.js';

const userId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';
const pdfForm = (): MultipartForm => ({ files: [{ field: 'document', fileName: 'stub.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), tooLarge: false }], fields: {}, tooManyFiles: false });

describe('VerificationDocuments (real local storage; the profiles service stands in by an RpcClient)', () => {
  let root: string;
  let storage: LocalObjectStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'aero-docs-'));
    storage = new LocalObjectStorage({ root, publicUrl: 'http://localhost:3000', secret: 'test-secret' });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const rpcAnswering = (answer: () => Promise<unknown>): RpcClient => ({ send: <T>() => answer() as Promise<T>, close: async () => undefined });
  const stored = () => {
    try {
      return readdirSync(join(root, 'documents', userId)).filter((f) => !f.startsWith('.'));
    } catch {
      return [];
    }
  };

  it('keeps the document when the profiles service records it', async () => {
    const documents = new VerificationDocuments(storage, rpcAnswering(async () => ({ status: 'pending' })));
    expect(await documents.submit(userId, pdfForm())).toEqual({ status: 'pending' });
    expect(stored()).toHaveLength(1);
  });

  it('removes the stored document again when the profiles service refuses it, and passes the error on', async () => {
    const refusal = new DomainError(409, ErrorCodes.verificationPending, 'A document is already under review');
    const documents = new VerificationDocuments(storage, rpcAnswering(async () => Promise.reject(refusal)));
    await expect(documents.submit(userId, pdfForm())).rejects.toBe(refusal);
    expect(stored()).toEqual([]);
  });
});
