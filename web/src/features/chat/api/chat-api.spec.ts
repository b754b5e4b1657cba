import { Messages } from '@aero/contracts/shared';
import { jest } from '@jest/globals';
import { serverErrorText } from '../../../i18n/server-errors';
import { putFile } from './chat-api';

describe('putFile', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("refuses with the server's code and text, so the app shows the shared message in the member's language", async () => {
    const body = { statusCode: 429, code: 'upload_in_progress', message: Messages.uploadInProgress };
    const fetched = jest.fn(async () => new Response(JSON.stringify(body), { status: 429, statusText: 'Too Many Requests' }));
    globalThis.fetch = fetched as typeof fetch;
    const refused: unknown = await putFile('/objects/attachments/u/a?sig=x', new Blob(['voice']), 'audio/webm').catch((e: unknown) => e);
    expect(fetched).toHaveBeenCalledWith('/objects/attachments/u/a?sig=x', expect.objectContaining({ method: 'PUT', headers: { 'content-type': 'audio/webm' } }));
    expect(refused).toMatchObject({ status: 429, code: 'upload_in_progress', serverMessage: Messages.uploadInProgress });
    expect(serverErrorText(refused)).toEqual({ id: 'messages.uploadInProgress' });
  });

  it('resolves when the file is stored', async () => {
    globalThis.fetch = (async () => new Response(null, { status: 204 })) as typeof fetch;
    await expect(putFile('/objects/attachments/u/a?sig=x', new Blob(['photo']), 'image/jpeg')).resolves.toBeUndefined();
  });
});
