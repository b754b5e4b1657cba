import { PRODUCT_NAME, ServerLimits, TAGLINE } from '@aero/contracts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const layout = (heading: string, body: string) => `<!doctype html>
<html><body style="margin:0;background:#f3f6fb;font-family:Helvetica,Arial,sans-serif;color:#0b1f3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:22px;font-weight:700;color:#0b1f3a">✈ ${PRODUCT_NAME}</td></tr>
<tr><td style="font-size:13px;color:#5b6b82;padding-bottom:24px">${TAGLINE}</td></tr>
<tr><td style="font-size:18px;font-weight:600;padding-bottom:12px">${escape(heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${body}</td></tr>
</table></td></tr></table></body></html>`;

export function verificationMail(code: string): MailContent {
  return {
    // the code is in the body only: subjects show up in notifications, logs and mail previews
    subject: `Your ${PRODUCT_NAME} verification code`,
    text: `Welcome to ${PRODUCT_NAME} — ${TAGLINE}.\n\nYour verification code is ${code}.\nIt expires in ${ServerLimits.verificationCodeTtlMinutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    html: layout(
      'Verify your email',
      `<p>Your verification code is</p><p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${escape(code)}</p><p style="color:#5b6b82">It expires in ${ServerLimits.verificationCodeTtlMinutes} minutes. If you did not sign up, ignore this email.</p>`,
    ),
  };
}

export function passwordResetMail(link: string): MailContent {
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nOpen this link to choose a new one (valid for ${ServerLimits.resetTokenTtlMinutes} minutes):\n${link}\n\nIf it was not you, ignore this email.`,
    html: layout(
      'Reset your password',
      `<p>Someone asked to reset the password of your account.</p><p style="margin:24px 0"><a href="${escape(link)}" style="background:#ff6b4a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">Choose a new password</a></p><p style="color:#5b6b82">The link is valid for ${ServerLimits.resetTokenTtlMinutes} minutes. If it was not you, ignore this email.</p><p style="font-size:12px;color:#5b6b82;word-break:break-all">${escape(link)}</p>`,
    ),
  };
}

/** to the owner of a verified account whose address someone tried to sign up with */
export function accountExistsMail(signInLink: string): MailContent {
  return {
    subject: `${PRODUCT_NAME}: you already have an account`,
    text: `Someone tried to create an account on ${PRODUCT_NAME} with this email address, which already has one.\n\nIf it was you, sign in here:\n${signInLink}\nForgot your password? Choose 'Forgot Password' on that screen.\n\nIf it was not you, ignore this email: nothing has changed.`,
    html: layout(
      'You already have an account',
      `<p>Someone tried to create an account with this email address, which already has one.</p><p style="margin:24px 0"><a href="${escape(signInLink)}" style="background:#ff6b4a;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">Sign in</a></p><p style="color:#5b6b82">Forgot your password? Choose 'Forgot Password' on the sign-in screen. If it was not you, ignore this email: nothing has changed.</p>`,
    ),
  };
}
