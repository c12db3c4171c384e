/**
 * The operations the security suites drive, read from the app itself rather than listed by
 * hand: our API from its OpenAPI document (GET /api/openapi.json, with x-glassroom-access),
 * and the Better Auth endpoints from the auth instance's own endpoint table, split by the
 * server's exposure rule (isExposedAuthPath). A new operation joins both suites by itself.
 * No test-runner imports here.
 */
import fc from "fast-check";
import { z } from "zod";
import type { Auth } from "../../src/server/auth/auth.ts";
import { isExposedAuthPath } from "../../src/server/auth/routes.ts";
import type { ApiClient } from "../client.ts";

/** The part of JSON Schema that zod and @hono/zod-openapi produce for our request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  items?: JsonSchema;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  source: "api" | "auth";
  /** Upper case. */
  method: string;
  /** The request path with {name} placeholders, starting with /api. */
  path: string;
  /** api: x-glassroom-access (public, signed-in or a permission label); auth: filled in by the caller. */
  access: string;
  parameters: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** e.g. "POST /api/admin/approvals/{memberId}/approve". */
  label: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { "x-glassroom-access"?: string; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

/** Every operation of the app's OpenAPI document. */
export async function apiOperations(client: ApiClient): Promise<Operation[]> {
  const res = await client.get<OpenApiDocument>("/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return Object.entries(res.body.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const fullPath = `/api${path}`;
      return {
        source: "api" as const,
        method: method.toUpperCase(),
        path: fullPath,
        access: operation["x-glassroom-access"] ?? "(undeclared)",
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.["application/json"]?.schema,
        label: `${method.toUpperCase()} ${fullPath}`,
      };
    }),
  );
}

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; body?: z.ZodType; query?: z.ZodType; metadata?: { SERVER_ONLY?: boolean } };
}

const toJsonSchema = (schema: z.ZodType | undefined): JsonSchema | undefined => {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return { type: "object" };
  }
};

export interface AuthOperation extends Operation {
  /** The path under /api/auth as Better Auth declares it (":id" placeholders). */
  authPath: string;
  exposed: boolean;
}

/**
 * Every HTTP endpoint of the Better Auth instance (each method of each path), with whether
 * the server lets it through. `access` is left empty for the caller to classify.
 */
export function authOperations(auth: Auth): AuthOperation[] {
  const endpoints = Object.values(auth.api as unknown as Record<string, AuthEndpoint>);
  const seen = new Set<string>();
  const operations: AuthOperation[] = [];
  for (const endpoint of endpoints) {
    const authPath = endpoint?.path;
    // Server-only endpoints have no path (or are marked so): there is no URL to call.
    if (!authPath || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options?.method ?? "GET"].flat().filter((method) => method !== "*");
    for (const method of methods.length > 0 ? methods : ["GET", "POST"]) {
      const key = `${method} ${authPath}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const path = `/api/auth${authPath.replace(/:(\w+)/g, "{$1}")}`;
      const names = [...authPath.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      operations.push({
        source: "auth",
        method,
        path,
        authPath,
        // The exposure rule sees concrete paths: a parameter is one path segment of word characters.
        exposed: isExposedAuthPath(authPath.replace(/:(\w+)/g, "$1")),
        access: "",
        parameters: names.map((name) => ({ name, in: "path" as const, required: true, schema: { type: "string" } })),
        body: method === "GET" ? undefined : toJsonSchema(endpoint.options?.body),
        label: `${method} ${path}`,
      });
      const query = toJsonSchema(endpoint.options?.query);
      for (const [name, schema] of Object.entries(query?.properties ?? {})) {
        operations.at(-1)!.parameters.push({ name, in: "query", required: query?.required?.includes(name), schema });
      }
    }
  }
  return operations;
}

/**
 * The smallest value a schema accepts, as far as JSON Schema can say: required properties
 * only, null where allowed, the first enum value, strings of the minimum length (or matching
 * the pattern). Deterministic, so that the matrix sends the same requests every run.
 */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.enum) return schema.enum.includes(null) ? null : schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf[0]);
  const types = [schema.type ?? (schema.properties ? "object" : "string")].flat();
  if (types.includes("null")) return null;
  switch (types[0]) {
    case "object": {
      // Partial updates (every field optional) refuse an empty body: give them their first field.
      const names = schema.required?.length ? schema.required : Object.keys(schema.properties ?? {}).slice(0, 1);
      return Object.fromEntries(names.map((name) => [name, sampleOf(schema.properties?.[name])]));
    }
    case "array":
      return [];
    case "boolean":
      return false;
    case "number":
    case "integer":
      return schema.minimum ?? 1;
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === "email") return "matrix-probe@example.com";
  if (schema.format === "uri" || schema.format === "url") return "http://localhost:3000/";
  // A calendar date: random digits in its pattern are seldom a real day.
  if (schema.pattern === String.raw`^\d{4}-\d{2}-\d{2}$`) return "2026-01-01";
  if (schema.pattern) {
    const [value] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 42 });
    if (value !== undefined) return value;
  }
  return "x".repeat(Math.max(1, schema.minLength ?? 1));
}

/** The path with each {name} replaced by values[name] (URL-encoded), or a made-up value. */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "00000000-0000-0000-0000-000000000000"));
}

/** Names of the path parameters of an operation. */
export function pathParameters(operation: Operation): string[] {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The closed-endpoint answer of src/server/auth/routes.ts. */
export function isClosedAuthAnswer(response: { status: number; body: unknown }): boolean {
  const error = (response.body as { error?: { code?: string; message?: string } } | null)?.error;
  return response.status === 404 && error?.code === "NOT_FOUND" && error.message === "This authentication endpoint does not exist.";
}
