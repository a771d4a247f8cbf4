/** A tiny HTTP client for the e2e tests (Node's fetch). */

/** A request not answered within this fails naming its method and path (the service's own waits are 10 s). */
const REQUEST_TIMEOUT_MS = 30_000;

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

export interface Client {
  request(
    method: string,
    path: string,
    options?: { readonly token?: string; readonly body?: unknown },
  ): Promise<Answer>;
  login(email: string, password: string): Promise<string>;
}

export function client(baseUrl: string): Client {
  const request: Client['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new Error(`${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    let body: unknown = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, headers: response.headers };
  };
  return {
    request,
    async login(email, password) {
      const response = await fetch(`${baseUrl}/auth/token`, {
        headers: { 'x-auth-username': email, 'x-auth-password': password },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await response.json()) as { token?: string };
      if (response.status !== 200 || typeof body.token !== 'string') {
        throw new Error(`login of ${email} answered ${response.status}: ${JSON.stringify(body)}`);
      }
      return body.token.replace(/^JWT /, '');
    },
  };
}
