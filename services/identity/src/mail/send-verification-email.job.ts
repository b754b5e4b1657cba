import { JobName } from '@aero/contracts';
import { type JobHandler, RUNTIME, type ServiceRuntime } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import type { VerificationEmailJob } from '../registration/verification-codes.js';
import { verificationMail } from './mail-templates.js';

@Injectable()
export class SendVerificationEmailJob implements JobHandler<VerificationEmailJob> {
  readonly job = JobName.SendVerificationEmail;
  constructor(@Inject(RUNTIME) private readonly runtime: ServiceRuntime) {}

  async run({ email, code }: VerificationEmailJob) {
    await this.runtime.mailer.send({ to: email, ...verificationMail(code) });
  }
}
