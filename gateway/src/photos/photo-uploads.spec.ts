import { LocalObjectStorage } from '@aero/ports';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MultipartForm } from '../uploads/multipart-form.js';
import { PhotoUploads } from './photo-uploads.js';

const userId = '3f0f4c4e-8d7a-4d55-9a39-1f1a7b0c2d11';

describe('PhotoUploads (real local storage)', () => {
  let root: string;
  let storage: LocalObjectStorage;
  let form: MultipartForm;

  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'aero-photos-'));
    storage = new LocalObjectStorage({ root, publicUrl: 'http://localhost:3000', secret: 'test-secret' });
    const data = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    form = { files: [{ field: 'photos', fileName: 'me.jpg', data, tooLarge: false }], fields: {}, tooManyFiles: false };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** the photo ids of each cleanup job the uploads asked for */
  let cleanups: string[][];
  const unattached = { uploading: async (_userId: string, photoIds: string[]) => void cleanups.push(photoIds) };
  beforeEach(() => (cleanups = []));

  it('asks for the cleanup of every photo it stores (deleted later unless attached), and stores nothing when it cannot', async () => {
    const { photos } = await new PhotoUploads(storage, unattached).upload(userId, { ...form, files: [form.files[0]!, { ...form.files[0]!, fileName: 'two.jpg' }] });
    expect(cleanups).toEqual([photos.map((url) => url.split('/').pop())]);

    const noQueue = { uploading: async () => Promise.reject(new Error('queue down')) };
    rmSync(join(root, 'photos'), { recursive: true, force: true });
    await expect(new PhotoUploads(storage, noQueue).upload(userId, form)).rejects.toThrow('queue down');
    expect(existsSync(join(root, 'photos'))).toBe(false);
  });
});
