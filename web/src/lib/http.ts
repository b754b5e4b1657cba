import type { ErrorCode } from '@aero/contracts/shared';

// The HTTP rules of spec §7/§8: every call sends cookies, state-changing calls send a JSON body
// (the server refuses anything else), and any non-OK response becomes an error whose text is
// '{status}: {body text or status text}'. The server's JSON `message` is kept for toasts.

/** where the API is (spec §7) */
export const API_BASE = '/api';

export interface ApiError {
  /** HTTP status, or 0 when the request never got an answer (network error). */
  status: number;
  /** '{status}: {body text or status text}', or the network/serialisation failure text. */
  message: string;
  /** The `message` field of the server's JSON error body, when present. */
  serverMessage?: string;
  /** The `code` field of the server's JSON error body, when present. */
  code?: ErrorCode;
  /** The parsed JSON body, when the body was JSON. */
  body?: unknown;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  url: string;
  method?: HttpMethod;
  body?: unknown;
  params?: Record<string, string | number | undefined | null>;
  /** the call outlives the page (fetch's `keepalive`): for what is saved as the page goes away (a reload, a closed tab) */
  keepalive?: boolean;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

export function buildUrl(base: string, url: string, params?: HttpRequest['params']): string {
  const path = url.startsWith('/') ? `${base}${url}` : `${base}/${url}`;
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Turns a non-OK response into the ApiError of spec §8. */
export function errorFromResponse(status: number, statusText: string, bodyText: string): ApiError {
  const error: ApiError = { status, message: `${status}: ${bodyText || statusText}` };
  if (bodyText) {
    try {
      const body: unknown = JSON.parse(bodyText);
      error.body = body;
      if (typeof body === 'object' && body !== null) {
        const { message, code } = body as { message?: unknown; code?: unknown };
        if (typeof message === 'string') error.serverMessage = message;
        else if (Array.isArray(message) && message.every((m) => typeof m === 'string')) error.serverMessage = message.join(', ');
        if (typeof code === 'string') error.code = code as ErrorCode;
      }
    } catch {
      /* plain-text body: the message already carries it */
    }
  }
  return error;
}

export function serializeBody(method: HttpMethod, body: unknown): string | FormData | undefined {
  if (method === 'GET') return undefined;
  // multipart uploads (photos, verification documents) go as they are; the browser sets the boundary
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  try {
    return JSON.stringify(body ?? {});
  } catch (err) {
    throw { status: 0, message: `Failed to serialize request data: ${(err as Error).message}` } satisfies ApiError;
  }
}

/** A response as the rules above need it (its body read). */
interface Answer {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

/** the app's active language (its locale), told by i18n each time it activates one */
let callLanguage: string | null = null;

/**
 * Every call says the app's active language in `Accept-Language` from now on: the server writes
 * the mails a call sends (a code, a reset link) in it, and the browser's own header can differ
 * from the language chosen in Settings. Before any, the browser's header goes.
 */
export function setCallLanguage(locale: string | null): void {
  callLanguage = locale;
}

/** the app's active language as the calls say it (null before i18n activated one) */
export const activeCallLanguage = (): string | null => callLanguage;

function requestHeaders(body: string | FormData | undefined): Record<string, string> {
  return {
    accept: 'application/json',
    ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    ...(callLanguage ? { 'accept-language': callLanguage } : {}),
  };
}

async function send(url: string, method: HttpMethod, body: string | FormData | undefined, signal?: AbortSignal, keepalive?: boolean): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: requestHeaders(body),
      body,
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (err) {
    throw { status: 0, message: (err as Error).message || 'Network error' } satisfies ApiError;
  }
  return { ok: res.ok, status: res.status, statusText: res.statusText, text: await res.text() };
}

function parse<T>(answer: Answer): T {
  if (!answer.ok) throw errorFromResponse(answer.status, answer.statusText, answer.text);
  if (!answer.text) return null as T;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    return answer.text as T;
  }
}

/** how long an early call's answer waits to be taken */
export const EARLY_FRESH_MS = 15_000;

/** calls sent early (`sendEarly`), by method, URL and body, until taken */
const early = new Map<string, { sent: number; answer: Promise<Answer> }>();

const fresh = (call: { sent: number }) => Date.now() - call.sent <= EARLY_FRESH_MS;

const callKey = (method: HttpMethod, url: string, body: string | FormData | undefined) => `${method} ${url} ${typeof body === 'string' ? body : ''}`;

/**
 * Sends a call that reads (never one that changes something) now, for code that will make it
 * once it has loaded (a screen's chunk): the same call (method, URL and body), made within
 * EARLY_FRESH_MS, takes this answer instead of asking again, once; so does the same call sent
 * early again before it was taken (it is not sent twice). Resolves with the parsed body
 * for the sender's own use (rejects as `httpRequest` does).
 */
export function sendEarly<T = unknown>(base: string, req: HttpRequest): Promise<T> {
  const method = req.method ?? 'GET';
  const body = serializeBody(method, req.body);
  const url = buildUrl(base, req.url, req.params);
  const key = callKey(method, url, body);
  const pending = early.get(key);
  // sent early already and not taken yet: that answer is the one to take (the call is made once)
  if (pending && fresh(pending)) return pending.answer.then((a) => parse<T>(a));
  const answer = send(url, method, body);
  answer.catch(() => undefined);
  early.set(key, { sent: Date.now(), answer });
  return answer.then((a) => parse<T>(a));
}

/**
 * Forgets every early answer not taken yet: the session changed (a sign-in, a sign-out), and an
 * answer asked for before it (a visitor's 401, the previous member's data) is not this session's.
 */
export function forgetEarlyAnswers(): void {
  early.clear();
}

function takeEarly(key: string): Promise<Answer> | null {
  const found = early.get(key);
  if (!found) return null;
  early.delete(key);
  return fresh(found) ? found.answer : null;
}

/** Performs one request (or takes its early answer). Resolves with the parsed body (or null when empty); rejects with ApiError. */
export async function httpRequest<T = unknown>(base: string, req: HttpRequest, signal?: AbortSignal): Promise<T> {
  const method = req.method ?? 'GET';
  const body = serializeBody(method, req.body);
  const url = buildUrl(base, req.url, req.params);
  return parse<T>(await (takeEarly(callKey(method, url, body)) ?? send(url, method, body, signal, req.keepalive)));
}
