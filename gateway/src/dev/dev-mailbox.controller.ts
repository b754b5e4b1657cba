import { notFound, PRODUCT_NAME } from '@aero/contracts';
import { DevMailbox } from '@aero/ports';
import { Controller, Get, Header, Inject, Param, UseGuards } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { Public } from '../http/public.decorator.js';
import { LoopbackOnlyGuard } from './loopback-only.guard.js';
import { ApiExcludeController } from '@nestjs/swagger';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The dev mailbox: mails sent while no SMTP_URL is set, readable in the browser, for local
 * development only: the module registers it only when the mailer is the dev mailbox (never with
 * NODE_ENV=production, where SMTP_URL is required), and it answers loopback clients only.
 */
@ApiExcludeController()
@Public()
@UseGuards(LoopbackOnlyGuard)
@Controller('dev/mailbox')
export class DevMailboxController {
  private readonly mailbox: DevMailbox;

  constructor(@Inject(GATEWAY_CONTEXT) ctx: GatewayContext) {
    if (!(ctx.mailer instanceof DevMailbox)) throw new Error('dev mailbox controller without a dev mailbox');
    this.mailbox = ctx.mailer;
  }

  @Get('messages')
  list() {
    return this.mailbox.list();
  }

  @Get('messages/:id')
  async read(@Param('id') id: string) {
    const mail = await this.mailbox.read(id);
    if (!mail) throw notFound('Mail not found');
    return mail;
  }

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  async page() {
    const rows = (await this.mailbox.list())
      .map((m) => `<li><a href="/dev/mailbox/${escape(m.id)}"><b>${escape(m.subject)}</b></a><br><small>to ${escape(m.to)} · ${escape(m.date)}</small></li>`)
      .join('');
    return `<!doctype html><meta name="viewport" content="width=device-width"><title>${PRODUCT_NAME} dev mailbox</title><body style="font-family:sans-serif;max-width:640px;margin:24px auto;padding:0 16px"><h1>Dev mailbox</h1><p>Mail sent while no SMTP_URL is configured.</p><ul style="line-height:1.6">${rows || '<li>No mail yet</li>'}</ul></body>`;
  }

  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  async mailPage(@Param('id') id: string) {
    const mail = await this.mailbox.read(id);
    if (!mail) throw notFound('Mail not found');
    return `<!doctype html><meta name="viewport" content="width=device-width"><title>${escape(mail.subject)}</title><body style="font-family:sans-serif;margin:0"><div style="padding:12px 16px;background:#eef2f8"><a href="/dev/mailbox">← mailbox</a><br><b>${escape(mail.subject)}</b><br><small>to ${escape(mail.to)} · ${escape(mail.date)}</small></div><iframe sandbox srcdoc="${escape(mail.html ?? `<pre>${escape(mail.text)}</pre>`)}" style="border:0;width:100%;height:80vh"></iframe></body>`;
  }
}
