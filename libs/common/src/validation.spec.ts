import { Messages, PushSubscriptionBody, RegisterAttachmentBody, SendMessageBody } from '@aero/contracts';
import { BadRequestException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { createValidationPipe, firstValidationMessage } from './validation.js';

const problems = async <T extends object>(type: new () => T, body: object) => validate(plainToInstance(type, body), { whitelist: true });

describe('firstValidationMessage', () => {
  it("is the first failing field's own message", async () => {
    expect(firstValidationMessage(await problems(SendMessageBody, { content: 'x'.repeat(5000), messageType: 'text' }))).toMatch(/^Message/);
  });

  it("reaches a nested object's field (the pipe said 'Invalid request' for it)", async () => {
    const endpoint = 'https://push.example/abc';
    expect(firstValidationMessage(await problems(PushSubscriptionBody, { endpoint, keys: { p256dh: 'short', auth: 'short' } }))).toBe('Invalid push subscription');
    const pipe = createValidationPipe();
    const refused = await pipe.transform({ endpoint, keys: { p256dh: 'short', auth: 'short' } }, { type: 'body', metatype: PushSubscriptionBody }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BadRequestException);
    expect((refused as BadRequestException).getResponse()).toMatchObject({ message: 'Invalid push subscription', field: 'keys' });
  });

  it("says what is missing when a photo or voice message has no attachment (not the URL's length limit)", async () => {
    expect(firstValidationMessage(await problems(SendMessageBody, { messageType: 'photo' }))).toBe(Messages.attachmentMissing);
    expect(firstValidationMessage(await problems(RegisterAttachmentBody, {}))).toBe(Messages.attachmentMissing);
  });

  it('is undefined without a failure', async () => {
    expect(firstValidationMessage(await problems(SendMessageBody, { content: 'hello', messageType: 'text' }))).toBeUndefined();
  });
});
