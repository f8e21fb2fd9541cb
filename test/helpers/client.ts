/** A small HTTP client for tests that keeps cookies like a browser (one jar per client). */
export type TestResponse<T = any> = { status: number; body: T; text: string; headers: Headers };

export class TestClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  /** The Cookie header this client would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Replaces this client's cookies with another's (to replay a copied cookie). */
  setCookieHeader(header: string): void {
    this.cookies.clear();
    for (const part of header.split(/;\s*/)) {
      const i = part.indexOf('=');
      if (i > 0) this.cookies.set(part.slice(0, i), part.slice(i + 1));
    }
  }

  async request<T = any>(
    method: string,
    path: string,
    init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = setCookie.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) parsed = text ? JSON.parse(text) : null;
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json: json ?? {}, headers });
  }
  patch<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, { json: json ?? {}, headers });
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, { headers });
  }

  /** Raw bytes of a response (PDFs, zips). */
  async bytes(path: string): Promise<{ status: number; body: Buffer; headers: Headers }> {
    const res = await fetch(this.baseUrl + path, { headers: this.cookies.size ? { cookie: this.cookieHeader() } : {} });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  }
}
