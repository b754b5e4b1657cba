/**
 * A tiny cookie-keeping HTTP client for API tests: sends JSON with the product's Origin, keeps
 * the session cookie like a browser would.
 */
export class ApiClient {
  cookie = '';

  /** `headers` go with every request (e.g. X-Forwarded-For behind a trusted proxy) */
  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.baseUrl,
        ...(body !== undefined || method !== 'GET' ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...headers,
      },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      if (name === 'aero_sid') this.cookie = value ? `${name}=${value}` : '';
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: json as any, headers: res.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  delete = (path: string) => this.request('DELETE', path);
}

/** Polls until `probe` returns a value (not undefined/null/false) or the time is up. */
export async function eventually<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let counter = 0;
export const testEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`;
