import { JobName } from '@aero/contracts';
import { type JobHandler, RUNTIME, type ServiceRuntime } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import type { PasswordResetEmailJob } from '../password-reset/password-reset.service.js';
import { passwordResetMail } from './mail-templates.js';

@Injectable()
export class SendPasswordResetEmailJob implements JobHandler<PasswordResetEmailJob> {
  readonly job = JobName.SendPasswordResetEmail;
  constructor(@Inject(RUNTIME) private readonly runtime: ServiceRuntime) {}

  async run({ email, token }: PasswordResetEmailJob) {
    const link = `${this.runtime.settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.runtime.mailer.send({ to: email, ...passwordResetMail(link) });
  }
}
