/**
 * A small API client for tests, the demo seed and e2e set-up: it keeps cookies between calls
 * (a cookie jar, like a browser), sends the app's Origin and a JSON content type on writes,
 * and parses JSON answers. It drives the Hono app in-process (`app.request`) or, given a
 * base URL instead, a running server over HTTP. No test-runner imports here.
 */
import { randomInt } from "node:crypto";

export const DEFAULT_APP_URL = "http://localhost:3000";

/** The in-process app (Hono's `request`), or anything with the same shape. */
export interface AppLike {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/** Answers are read loosely in tests: the assertions, not the types, check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseJson = any;

export interface ApiResponse<T = LooseJson> {
  status: number;
  headers: Headers;
  /** The parsed JSON answer, or the text when it is not JSON. */
  body: T;
  text: string;
  response: Response;
}

export interface RequestOptions {
  json?: unknown;
  /** A raw body (sent as given, with `contentType` if set). */
  body?: BodyInit;
  contentType?: string;
  headers?: Record<string, string>;
  /** Overrides the Origin header; null sends none. */
  origin?: string | null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A random private address, so that each client has rate-limit counters of its own. */
export function randomTestIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export class ApiClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly origin: string;
  /** The client address the in-process app sees (header x-test-client-ip). */
  ip: string;
  private readonly send: (url: string, init: RequestInit) => Promise<Response>;

  constructor(target: AppLike | string, options: { baseUrl?: string; origin?: string; ip?: string } = {}) {
    if (typeof target === "string") {
      this.baseUrl = target.replace(/\/+$/, "");
      this.send = (url, init) => fetch(url, { ...init, redirect: "manual" });
    } else {
      this.baseUrl = (options.baseUrl ?? DEFAULT_APP_URL).replace(/\/+$/, "");
      this.send = async (url, init) => target.request(url, init);
    }
    this.origin = options.origin ?? new URL(this.baseUrl).origin;
    this.ip = options.ip ?? randomTestIp();
  }

  /** A client on the same app with an empty cookie jar (and its own address). */
  fresh(): ApiClient {
    return new ApiClient({ request: (input, init) => this.send(input, init ?? {}) }, { baseUrl: this.baseUrl, origin: this.origin });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The value of the cookie whose name ends with `suffix` (names carry the glassroom prefix). */
  cookie(suffix: string): string | undefined {
    for (const [name, value] of this.cookies) if (name === suffix || name.endsWith(`.${suffix}`)) return value;
    return undefined;
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  async request<T = LooseJson>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const upper = method.toUpperCase();
    const headers = new Headers(options.headers);
    headers.set("x-test-client-ip", this.ip);
    if (this.cookies.size > 0 && !headers.has("cookie")) headers.set("cookie", this.cookieHeader());
    if (!SAFE_METHODS.has(upper)) {
      if (options.origin !== null && !headers.has("origin")) headers.set("origin", options.origin ?? this.origin);
    }
    let body: BodyInit | undefined = options.body;
    // Writes always carry a JSON body (an empty object when none is given), as the web app's do.
    const json = options.json === undefined && body === undefined && !SAFE_METHODS.has(upper) ? {} : options.json;
    if (json !== undefined) {
      body = JSON.stringify(json);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    } else if (options.contentType) {
      headers.set("content-type", options.contentType);
    }
    const url = /^https?:\/\//.test(path) ? path : `${this.baseUrl}${path}`;
    const response = await this.send(url, { method: upper, headers, body });
    this.storeCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if (text && (response.headers.get("content-type") ?? "").includes("json")) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text, response };
  }

  get<T = LooseJson>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }
  post<T = LooseJson>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", path, { ...options, json: json ?? options?.json });
  }
  patch<T = LooseJson>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>("PATCH", path, { ...options, json: json ?? options?.json });
  }
  put<T = LooseJson>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>("PUT", path, { ...options, json: json ?? options?.json });
  }
  delete<T = LooseJson>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>("DELETE", path, { ...options, json: json ?? options?.json });
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const separator = pair!.indexOf("=");
      if (separator <= 0) continue;
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, raw] = attribute.split("=").map((part) => part.trim());
        if (/^max-age$/i.test(key ?? "")) return Number(raw) <= 0;
        if (/^expires$/i.test(key ?? "")) return Date.parse(raw ?? "") <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
