import { LANGUAGE_LOCALES, type Language, PRODUCT_NAME, ServerLimits, TAGLINE } from '@aero/contracts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** for attribute values and the code */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** for the texts between tags (their quotes and apostrophes stay as written) */
const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The words of the three mails in one language; every language has the same keys (a unit test
 * compares them). Values are plain text: the HTML parts are escaped where they are laid out.
 * The numbers (the code's and the link's lifetimes) come in as arguments.
 */
interface MailTexts {
  tagline: string;
  verification: {
    subject: string;
    /** the plain-text body */
    text: (code: string, minutes: number) => string;
    heading: string;
    codeIntro: string;
    expiry: (minutes: number) => string;
  };
  passwordReset: {
    subject: string;
    text: (link: string, minutes: number) => string;
    heading: string;
    intro: string;
    button: string;
    expiry: (minutes: number) => string;
  };
  accountExists: {
    subject: string;
    text: (signInLink: string) => string;
    heading: string;
    intro: string;
    button: string;
    note: string;
  };
}

const P = PRODUCT_NAME;

const en: MailTexts = {
  tagline: TAGLINE,
  verification: {
    // the code is in the body only: subjects show up in notifications, logs and mail previews
    subject: `Your ${P} verification code`,
    text: (code, minutes) => `Welcome to ${P} — ${TAGLINE}.\n\nYour verification code is ${code}.\nIt expires in ${minutes} minutes.\n\nIf you did not sign up, ignore this email.`,
    heading: 'Verify your email',
    codeIntro: 'Your verification code is',
    expiry: (minutes) => `It expires in ${minutes} minutes. If you did not sign up, ignore this email.`,
  },
  passwordReset: {
    subject: `Reset your ${P} password`,
    text: (link, minutes) => `Someone asked to reset the password of your ${P} account.\n\nOpen this link to choose a new one (valid for ${minutes} minutes):\n${link}\n\nIf it was not you, ignore this email.`,
    heading: 'Reset your password',
    intro: 'Someone asked to reset the password of your account.',
    button: 'Choose a new password',
    expiry: (minutes) => `The link is valid for ${minutes} minutes. If it was not you, ignore this email.`,
  },
  accountExists: {
    subject: `${P}: you already have an account`,
    text: (link) =>
      `Someone tried to create an account on ${P} with this email address, which already has one.\n\nIf it was you, sign in here:\n${link}\nForgot your password? Choose 'Forgot Password' on that screen.\n\nIf it was not you, ignore this email: nothing has changed.`,
    heading: 'You already have an account',
    intro: 'Someone tried to create an account with this email address, which already has one.',
    button: 'Sign in',
    note: "Forgot your password? Choose 'Forgot Password' on the sign-in screen. If it was not you, ignore this email: nothing has changed.",
  },
};

// the tagline and the screen names as the app shows them in each language (web/src/i18n/locales)
const esTagline = 'Donde la aviación se encuentra con el romance';
const es: MailTexts = {
  tagline: esTagline,
  verification: {
    subject: `Tu código de verificación de ${P}`,
    text: (code, minutes) =>
      `Te damos la bienvenida a ${P} — ${esTagline}.\n\nTu código de verificación es ${code}.\nCaduca en ${minutes} minutos.\n\nSi no te has registrado, ignora este correo.`,
    heading: 'Verifica tu correo electrónico',
    codeIntro: 'Tu código de verificación es',
    expiry: (minutes) => `Caduca en ${minutes} minutos. Si no te has registrado, ignora este correo.`,
  },
  passwordReset: {
    subject: `Restablece tu contraseña de ${P}`,
    text: (link, minutes) =>
      `Alguien ha pedido restablecer la contraseña de tu cuenta de ${P}.\n\nAbre este enlace para elegir una nueva (válido durante ${minutes} minutos):\n${link}\n\nSi no has sido tú, ignora este correo.`,
    heading: 'Restablece tu contraseña',
    intro: 'Alguien ha pedido restablecer la contraseña de tu cuenta.',
    button: 'Elegir una nueva contraseña',
    expiry: (minutes) => `El enlace es válido durante ${minutes} minutos. Si no has sido tú, ignora este correo.`,
  },
  accountExists: {
    subject: `${P}: ya tienes una cuenta`,
    text: (link) =>
      `Alguien ha intentado crear una cuenta en ${P} con esta dirección de correo, que ya tiene una.\n\nSi has sido tú, inicia sesión aquí:\n${link}\n¿Olvidaste tu contraseña? Elige «¿Olvidaste tu contraseña?» en esa pantalla.\n\nSi no has sido tú, ignora este correo: no ha cambiado nada.`,
    heading: 'Ya tienes una cuenta',
    intro: 'Alguien ha intentado crear una cuenta con esta dirección de correo, que ya tiene una.',
    button: 'Iniciar sesión',
    note: '¿Olvidaste tu contraseña? Elige «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión. Si no has sido tú, ignora este correo: no ha cambiado nada.',
  },
};

const frTagline = "Là où l'aviation rencontre l'amour";
const fr: MailTexts = {
  tagline: frTagline,
  verification: {
    subject: `Votre code de vérification ${P}`,
    text: (code, minutes) =>
      `Bienvenue sur ${P} — ${frTagline}.\n\nVotre code de vérification est ${code}.\nIl expire dans ${minutes} minutes.\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
    heading: 'Vérifiez votre e-mail',
    codeIntro: 'Votre code de vérification est',
    expiry: (minutes) => `Il expire dans ${minutes} minutes. Si vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
  },
  passwordReset: {
    subject: `Réinitialisez votre mot de passe ${P}`,
    text: (link, minutes) =>
      `Quelqu'un a demandé la réinitialisation du mot de passe de votre compte ${P}.\n\nOuvrez ce lien pour en choisir un nouveau (valable ${minutes} minutes) :\n${link}\n\nSi ce n'était pas vous, ignorez cet e-mail.`,
    heading: 'Réinitialisez votre mot de passe',
    intro: "Quelqu'un a demandé la réinitialisation du mot de passe de votre compte.",
    button: 'Choisir un nouveau mot de passe',
    expiry: (minutes) => `Le lien est valable ${minutes} minutes. Si ce n'était pas vous, ignorez cet e-mail.`,
  },
  accountExists: {
    subject: `${P} : vous avez déjà un compte`,
    text: (link) =>
      `Quelqu'un a essayé de créer un compte sur ${P} avec cette adresse e-mail, qui en a déjà un.\n\nSi c'était vous, connectez-vous ici :\n${link}\nMot de passe oublié ? Choisissez « Mot de passe oublié » sur cet écran.\n\nSi ce n'était pas vous, ignorez cet e-mail : rien n'a changé.`,
    heading: 'Vous avez déjà un compte',
    intro: "Quelqu'un a essayé de créer un compte avec cette adresse e-mail, qui en a déjà un.",
    button: 'Se connecter',
    note: "Mot de passe oublié ? Choisissez « Mot de passe oublié » sur l'écran de connexion. Si ce n'était pas vous, ignorez cet e-mail : rien n'a changé.",
  },
};

const deTagline = 'Wo Luftfahrt auf Romantik trifft';
const de: MailTexts = {
  tagline: deTagline,
  verification: {
    subject: `Dein ${P}-Bestätigungscode`,
    text: (code, minutes) =>
      `Willkommen bei ${P} — ${deTagline}.\n\nDein Bestätigungscode lautet ${code}.\nEr läuft in ${minutes} Minuten ab.\n\nWenn du dich nicht registriert hast, ignoriere diese E-Mail.`,
    heading: 'Bestätige deine E-Mail',
    codeIntro: 'Dein Bestätigungscode lautet',
    expiry: (minutes) => `Er läuft in ${minutes} Minuten ab. Wenn du dich nicht registriert hast, ignoriere diese E-Mail.`,
  },
  passwordReset: {
    subject: `Setze dein ${P}-Passwort zurück`,
    text: (link, minutes) =>
      `Jemand hat angefragt, das Passwort deines ${P}-Kontos zurückzusetzen.\n\nÖffne diesen Link, um ein neues zu wählen (${minutes} Minuten gültig):\n${link}\n\nWenn du das nicht warst, ignoriere diese E-Mail.`,
    heading: 'Setze dein Passwort zurück',
    intro: 'Jemand hat angefragt, das Passwort deines Kontos zurückzusetzen.',
    button: 'Neues Passwort wählen',
    expiry: (minutes) => `Der Link ist ${minutes} Minuten gültig. Wenn du das nicht warst, ignoriere diese E-Mail.`,
  },
  accountExists: {
    subject: `${P}: Du hast bereits ein Konto`,
    text: (link) =>
      `Jemand hat versucht, bei ${P} ein Konto mit dieser E-Mail-Adresse zu erstellen, die bereits eines hat.\n\nWenn du das warst, melde dich hier an:\n${link}\nPasswort vergessen? Wähle auf diesem Bildschirm „Passwort vergessen“.\n\nWenn du das nicht warst, ignoriere diese E-Mail: Es hat sich nichts geändert.`,
    heading: 'Du hast bereits ein Konto',
    intro: 'Jemand hat versucht, ein Konto mit dieser E-Mail-Adresse zu erstellen, die bereits eines hat.',
    button: 'Anmelden',
    note: 'Passwort vergessen? Wähle auf dem Anmeldebildschirm „Passwort vergessen“. Wenn du das nicht warst, ignoriere diese E-Mail: Es hat sich nichts geändert.',
  },
};

/** the mails' words in each of the four languages of the settings */
export const MAIL_TEXTS: Record<Language, MailTexts> = { english: en, spanish: es, french: fr, german: de };

/** a language outside the four (or none: a job queued before mails had one) writes English */
const textsOf = (language: Language | undefined) => (language && Object.hasOwn(MAIL_TEXTS, language) ? { texts: MAIL_TEXTS[language], language } : { texts: en, language: 'english' as const });

const layout = (language: Language, tagline: string, heading: string, body: string) => `<!doctype html>
<html lang="${LANGUAGE_LOCALES[language]}"><body style="margin:0;background:#f3f6fb;font-family:Helvetica,Arial,sans-serif;color:#0b1f3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:22px;font-weight:700;color:#0b1f3a">✈ ${PRODUCT_NAME}</td></tr>
<tr><td style="font-size:13px;color:#5b6b82;padding-bottom:24px">${escapeText(tagline)}</td></tr>
<tr><td style="font-size:18px;font-weight:600;padding-bottom:12px">${escapeText(heading)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${body}</td></tr>
</table></td></tr></table></body></html>`;

/** the app's accent (sunset 700): its white label keeps a 4.5:1 contrast */
const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escape(href)}" style="background:#c9431c;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeText(label)}</a></p>`;

export function verificationMail(code: string, language?: Language): MailContent {
  const { texts, language: lang } = textsOf(language);
  const t = texts.verification;
  const minutes = ServerLimits.verificationCodeTtlMinutes;
  return {
    subject: t.subject,
    text: t.text(code, minutes),
    html: layout(
      lang,
      texts.tagline,
      t.heading,
      `<p>${escapeText(t.codeIntro)}</p><p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${escape(code)}</p><p style="color:#5b6b82">${escapeText(t.expiry(minutes))}</p>`,
    ),
  };
}

export function passwordResetMail(link: string, language?: Language): MailContent {
  const { texts, language: lang } = textsOf(language);
  const t = texts.passwordReset;
  const minutes = ServerLimits.resetTokenTtlMinutes;
  return {
    subject: t.subject,
    text: t.text(link, minutes),
    html: layout(
      lang,
      texts.tagline,
      t.heading,
      `<p>${escapeText(t.intro)}</p>${button(link, t.button)}<p style="color:#5b6b82">${escapeText(t.expiry(minutes))}</p><p style="font-size:12px;color:#5b6b82;word-break:break-all">${escape(link)}</p>`,
    ),
  };
}

/** to the owner of a verified account whose address someone tried to sign up with */
export function accountExistsMail(signInLink: string, language?: Language): MailContent {
  const { texts, language: lang } = textsOf(language);
  const t = texts.accountExists;
  return {
    subject: t.subject,
    text: t.text(signInLink),
    html: layout(lang, texts.tagline, t.heading, `<p>${escapeText(t.intro)}</p>${button(signInLink, t.button)}<p style="color:#5b6b82">${escapeText(t.note)}</p>`),
  };
}
