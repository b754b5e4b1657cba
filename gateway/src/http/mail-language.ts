import { LANGUAGE_LOCALES, type Language } from '@aero/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

const LANGUAGES = Object.keys(LANGUAGE_LOCALES) as Language[];
// English first: a header that takes any language (`*`) gets English
const LOCALES = LANGUAGES.map((language) => LANGUAGE_LOCALES[language]);
/** longer than any header a browser sends: anything past it is not a language list worth reading */
const HEADER_MAX_CHARS = 512;

/**
 * Which of the four languages of the settings an `Accept-Language` header asks for: the one of
 * highest q-value (the header's order between equals), a region subtag matching its language
 * (`de-DE` is German), `q=0` refused; none of the four, no header or a malformed one: English.
 * The web app sends its active language in it (lib/http), not the browser's.
 */
export function languageOfAcceptLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value.length > HEADER_MAX_CHARS) return 'english';
  const locale = new Negotiator({ headers: { 'accept-language': value } }).language(LOCALES);
  return LANGUAGES.find((language) => LANGUAGE_LOCALES[language] === locale) ?? 'english';
}

/** the language of the mail a call may send: the one the app that made the call is in (Accept-Language) */
export const requestLanguage = (request: Pick<FastifyRequest, 'headers'>): Language => languageOfAcceptLanguage(request.headers['accept-language']);

/** the API description of a route whose mail follows Accept-Language */
export const ApiMailLanguage = () =>
  ApiHeader({
    name: 'Accept-Language',
    required: false,
    description: `the language of the mail this call may send: ${LOCALES.join(', ')} (q-values and region subtags understood: de-DE is German); any other, none or a malformed header: English`,
  });

/** `@MailLanguage()`: the request's language (see languageOfAcceptLanguage) */
export const MailLanguage = createParamDecorator((_: unknown, ctx: ExecutionContext) => requestLanguage(ctx.switchToHttp().getRequest<FastifyRequest>()));
