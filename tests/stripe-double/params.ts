/**
 * Stripe's request parameters: form-encoded bodies and query strings with bracketed keys, as
 * the official library writes them (`metadata[order]=7`, `line_items[0][quantity]=1`,
 * `expand[0]=payment_intent`; `expand[]=x` from hand-written requests too), read into nested
 * objects and arrays of strings. Errors are Stripe's, with its status codes and error shapes.
 */

export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

/** A Stripe API error: `{ error: { type, code, message, param, ... } }` with its HTTP status. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: { type: string; message: string; code?: string; param?: string; [extra: string]: unknown }) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

export const invalidRequest = (message: string, code?: string, param?: string) =>
  new StripeApiError(400, { type: "invalid_request_error", message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

export const resourceMissing = (kind: string, id: string, param = "id") =>
  new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param });

/** `a[b][0]=x` → { a: { b: ["x"] } }: containers whose keys are exactly 0..n-1 become arrays. */
export function parseParams(encoded: string): Params {
  const root: Params = {};
  for (const [fullKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(fullKey);
    if (!match) throw invalidRequest(`Invalid parameter name: ${fullKey}`, "parameter_unknown", fullKey);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let container: Params = root;
    path.forEach((segment, index) => {
      // `x[]` appends: give it the next free numeric key, which becomes an array index below.
      const key = segment === "" ? String(Object.keys(container).length) : segment;
      if (index === path.length - 1) {
        container[key] = value;
        return;
      }
      const next = container[key];
      if (typeof next === "string") throw invalidRequest(`Invalid parameter: ${fullKey}`, "parameter_invalid_string", fullKey);
      container[key] = next ?? {};
      container = container[key] as Params;
    });
  }
  return arraysFromIndexedKeys(root) as Params;
}

function arraysFromIndexedKeys(value: ParamValue): ParamValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexedKeys(value[key]!)]));
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => converted[key]!) : converted;
}

/** Refuses a parameter the endpoint does not take, as Stripe does (a typo fails loudly). */
export function allowOnly(params: Params, allowed: readonly string[], prefix = ""): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key) && key !== "expand") {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw invalidRequest(`Received unknown parameter: ${name}`, "parameter_unknown", name);
    }
  }
}

export function optionalString(params: Params, key: string): string | null {
  const value = params[key];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string") throw invalidRequest(`Invalid string: ${key}`, "parameter_invalid_string", key);
  return value;
}

export function requiredString(params: Params, key: string, prefix = ""): string {
  const value = optionalString(params, key);
  const name = prefix ? `${prefix}[${key}]` : key;
  if (value === null) throw invalidRequest(`Missing required param: ${name}.`, "parameter_missing", name);
  return value;
}

export function optionalInteger(params: Params, key: string, prefix = ""): number | null {
  const value = optionalString(params, key);
  if (value === null) return null;
  const name = prefix ? `${prefix}[${key}]` : key;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalidRequest(`Invalid integer: ${value}`, "parameter_invalid_integer", name);
  return Number(value);
}

export function requiredInteger(params: Params, key: string, prefix = ""): number {
  const value = optionalInteger(params, key, prefix);
  const name = prefix ? `${prefix}[${key}]` : key;
  if (value === null) throw invalidRequest(`Missing required param: ${name}.`, "parameter_missing", name);
  return value;
}

export function optionalBoolean(params: Params, key: string): boolean | null {
  const value = optionalString(params, key);
  if (value === null) return null;
  if (value !== "true" && value !== "false") throw invalidRequest(`Invalid boolean: ${value}`, "parameter_invalid_boolean", key);
  return value === "true";
}

export function optionalObject(params: Params, key: string): Params | null {
  const value = params[key];
  if (value === undefined || value === "") return null;
  if (typeof value === "string" || Array.isArray(value)) throw invalidRequest(`Invalid object: ${key}`, "parameter_invalid_object", key);
  return value;
}

export function optionalList(params: Params, key: string): ParamValue[] | null {
  const value = params[key];
  if (value === undefined || value === "") return null;
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${key}`, "parameter_invalid_array", key);
  return value;
}

export function optionalEnum<T extends string>(params: Params, key: string, values: readonly T[]): T | null {
  const value = optionalString(params, key);
  if (value === null) return null;
  if (!values.includes(value as T)) throw invalidRequest(`Invalid ${key}: must be one of ${values.join(", ")}`, "parameter_invalid_string", key);
  return value as T;
}

/**
 * Metadata as Stripe keeps it: string values only, and on update a key set to "" is removed
 * while keys not mentioned stay.
 */
export function mergeMetadata(current: Record<string, string>, params: Params, key = "metadata"): Record<string, string> {
  const value = params[key];
  if (value === undefined) return current;
  if (value === "") return {};
  if (typeof value === "string" || Array.isArray(value)) throw invalidRequest(`Invalid object: ${key}`, "parameter_invalid_object", key);
  const merged = { ...current };
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw invalidRequest(`Invalid string: ${key}[${name}]`, "parameter_invalid_string", `${key}[${name}]`);
    if (entry === "") delete merged[name];
    else merged[name] = entry;
  }
  return merged;
}
