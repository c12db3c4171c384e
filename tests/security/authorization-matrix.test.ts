/**
 * The authorization matrix: every operation of the OpenAPI document and every
 * Better Auth endpoint the server exposes, × every persona (tests/security/personas.ts) →
 * the expected allow or deny, from the operation's declared access alone. Operations are read
 * from the running app, so a new one joins the matrix without anyone adding it here.
 *
 * Allowed: past the access rule (not 401, and for a permission operation not 403), never 5xx;
 * a 404 or 422 for a made-up id or a minimal body is the operation's own answer. Denied: the
 * expected 401 or 403 (403 or 404 for another workspace's record), nothing written, and no
 * answer of any non-public operation carries a secret of workspace A the persona may not see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { areaRoutesOf } from "../../src/shared/route-table.ts";
import { MEMBER_ROLES } from "../../src/shared/roles.ts";
import { PERMISSIONS } from "../../src/shared/permissions.ts";
import { DEFAULT_HEALTH_RULES } from "../../src/shared/schemas/student-health.ts";
import { ApiClient, type ApiResponse } from "../client.ts";
import { mailQueueDrained } from "../db.ts";
import { createTestApp } from "../setup/test-app.ts";
import { apiOperations, authOperations, fillPath, isClosedAuthAnswer, pathParameters, sampleOf, type Operation } from "./operations.ts";
import {
  AUTH_ACCESS,
  capture,
  createWorld,
  expectationFor,
  fingerprint,
  PERSONAS,
  restore,
  type Expectation,
  type Persona,
  type PersonaName,
  type World,
} from "./personas.ts";

// The rate limits have their own tests; here they would only turn the last cells into 429s.
const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
const apiOps = await apiOperations(new ApiClient(t.app));
const authOps = authOperations(t.deps.auth);
const exposedAuthOps = authOps
  .filter((operation) => operation.exposed)
  .map((operation) => ({ ...operation, access: AUTH_ACCESS[operation.authPath] ?? "(unclassified)" }));
const closedAuthOps = authOps.filter((operation) => !operation.exposed);
const rows: Operation[] = [...apiOps, ...exposedAuthOps];

let world: World;
beforeAll(async () => {
  world = await createWorld(t);
}, 120_000);

/** operation label → persona → the status seen ("✗" marks a cell that broke its rule). */
const table: Record<string, Partial<Record<PersonaName, string>>> = {};
afterAll(async () => {
  if (Object.keys(table).length > 0) {
    const cells = Object.values(table).flatMap((row) => Object.values(row));
    console.log(
      `Authorization matrix: ${Object.keys(table).length} operations × ${PERSONAS.length} personas = ${cells.length} cells, ${cells.filter((cell) => cell?.startsWith("✗")).length} broken`,
    );
    console.table(table);
  }
  await t?.close();
});

/** A real record of workspace A for each path parameter, so that allowed cells reach the operation's own rules. */
async function paramValue(operation: Operation, name: string): Promise<string> {
  const records = world.recordsOfA;
  if (name === "memberId") {
    if (operation.path.includes("/tutors/")) return records.tutorMemberId;
    if (operation.path.includes("/guardians/")) return records.parentMemberId;
    return world.pendingMemberOfA();
  }
  if (name === "studentId") return records.studentId;
  if (name === "assignmentId") return records.assignmentId;
  if (name === "invitationId") return records.invitationId;
  if (name === "sessionId") return records.sessionId;
  if (name === "recordingId") return records.recordingId;
  if (name === "invoiceId") return records.invoiceId;
  if (name === "creditNoteId") return records.creditNoteId;
  if (name === "taxRateId") return records.taxRateId;
  if (name === "payRunId") return records.payRunId;
  if (name === "alertId") return records.alertId;
  if (name === "contestId") return records.contestId;
  if (name === "previewId") return records.previewId;
  if (name === "leadId") return records.leadId;
  if (name === "taskId") return records.taskId;
  if (name === "trialId") return records.trialId;
  if (name === "exportId") return records.exportId;
  if (name === "jobId") return records.failedMailJobId;
  return name === "id" ? "google" : "matrix-probe";
}

/**
 * A valid body where JSON Schema cannot say what valid is (a report's entry needs its ratings
 * when the student attended): the smallest one the schema accepts otherwise.
 */
function bodyFor(operation: Operation): unknown {
  if (operation.path.endsWith("/sessions/{sessionId}/report")) {
    return {
      topics: "Fractions",
      students: [{ studentId: world.recordsOfA.studentId, attendance: "present", previousHomework: "none_set", understanding: 3, engagement: 3 }],
    };
  }
  // A path naming a record of workspace A must answer another workspace 404, so the body has to pass validation first.
  if (operation.path.endsWith("/payments/{paymentId}/refunds") || operation.path.endsWith("/payments/{paymentId}/card-refunds"))
    return { amountMinor: 1, refundedOn: "2026-01-01", reason: "Matrix probe", idempotencyKey: "matrix-probe-refund" };
  if (operation.path.endsWith("/accounts/{accountId}/merge")) return { intoAccountId: "00000000-0000-4000-8000-000000000000" };
  if (operation.path.endsWith("/accounts/{accountId}/split")) return { studentIds: [world.recordsOfA.studentId], name: "Matrix probe" };
  if (operation.path.endsWith("/pay/tutors/{memberId}/adjustments"))
    return { category: "travel", amountMinor: 1, reason: "Matrix probe", earnedOn: "2026-01-01", idempotencyKey: "matrix-probe-adjustment" };
  if (operation.path.endsWith("/pay/runs/{payRunId}/paid")) return { paidOn: "2026-01-01", reference: "Matrix probe" };
  // Planning an action may be repeated, so every allowed cell reaches the alert.
  if (operation.path.endsWith("/alerts/{alertId}")) return { status: "action_planned", note: "Matrix probe", on: "2026-01-01" };
  if (operation.path.endsWith("/contests/{contestId}/answer")) return { outcome: "answered", answer: "Matrix probe" };
  if (operation.path.endsWith("/health/contests") && operation.method === "POST")
    return { sessionId: world.recordsOfA.sessionId, point: "attendance", message: "Matrix probe" };
  // Rules that hold together (the act band above the watch band), so that the preview is queued for those allowed.
  if (operation.path === "/api/admin/health/rules/preview") return { rules: DEFAULT_HEALTH_RULES };
  if (operation.path.endsWith("/crm/tasks/{taskId}")) return { title: "Matrix probe" };
  if (operation.path.endsWith("/crm/tasks") && operation.method === "POST") return { title: "Matrix probe", dueOn: "2026-01-01" };
  if (operation.path.endsWith("/crm/leads/{leadId}/move")) return { stageId: "00000000-0000-4000-8000-000000000000" };
  if (operation.path.endsWith("/crm/leads/{leadId}/merge")) return { duplicateLeadId: "00000000-0000-4000-8000-000000000000" };
  if (operation.path.endsWith("/crm/leads/{leadId}") && operation.method === "PATCH") return { level: "Matrix probe" };
  if (operation.path.endsWith("/crm/leads") && operation.method === "POST")
    return { guardianName: "Matrix probe", email: "matrix-probe@example.com", source: "phone", consentBasis: "consent" };
  if (operation.path.endsWith("/crm/leads/{leadId}/trials") && operation.method === "POST") return { startsAt: "2026-01-05T10:00", durationMinutes: 60 };
  if (operation.path.endsWith("/crm/trials/{trialId}/feedback")) return { attended: true, recommendation: "enrol" };
  if (operation.path.endsWith("/crm/leads/{leadId}/convert")) return {};
  if (operation.path.endsWith("/accounts/{accountId}/purchases"))
    return { productId: "00000000-0000-4000-8000-000000000000", idempotencyKey: "matrix-probe-sale" };
  return sampleOf(operation.body);
}

/** The request a persona sends: real ids where the path names a member, minimal valid bodies. */
async function prepare(operation: Operation): Promise<(persona: Persona) => Promise<ApiResponse>> {
  const values: Record<string, string> = {};
  for (const name of pathParameters(operation)) values[name] = await paramValue(operation, name);
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === "query" && parameter.required) query.set(parameter.name, String(sampleOf(parameter.schema)));
  }
  const url = fillPath(operation.path, values) + (query.size > 0 ? `?${query}` : "");
  const hasBody = !["GET", "HEAD"].includes(operation.method);
  return (persona) => persona.client.request(operation.method, url, hasBody ? { json: bodyFor(operation) } : {});
}

describe("the operations under test", () => {
  const knownPermissions = new Set<string>(Object.values(PERMISSIONS).flat());

  it("come from the app: the OpenAPI document and Better Auth's endpoint table", () => {
    expect(apiOps.length).toBeGreaterThanOrEqual(15);
    expect(exposedAuthOps.length).toBeGreaterThanOrEqual(20);
    expect(closedAuthOps.length).toBeGreaterThanOrEqual(30);
    expect(rows.map((row) => row.label)).toEqual(expect.arrayContaining(["POST /api/admin/approvals/{memberId}/approve", "GET /api/auth/list-sessions"]));
  });

  it("each declare public, signed-in, devops or a known permission label; each exposed auth endpoint is classified", () => {
    for (const operation of apiOps) {
      expect(
        ["public", "signed-in", "devops"].includes(operation.access) || knownPermissions.has(operation.access),
        `${operation.label}: ${operation.access}`,
      ).toBe(true);
    }
    for (const operation of exposedAuthOps) {
      expect(operation.access, `${operation.label} is exposed: add it to AUTH_ACCESS in tests/security/personas.ts`).not.toBe("(unclassified)");
    }
    const exposedPaths = new Set(exposedAuthOps.map((operation) => operation.authPath));
    for (const path of Object.keys(AUTH_ACCESS)) expect(exposedPaths.has(path), `AUTH_ACCESS lists ${path}, which is not exposed`).toBe(true);
  });

  it("under an area's path (/api/admin/…) need a permission the route table gives that area's screens", () => {
    // The declared access is what the matrix expects; this ties it to the route table, so that
    // an admin operation declared public or signed-in by mistake fails here.
    let checked = 0;
    for (const operation of apiOps) {
      const area = MEMBER_ROLES.find((role) => operation.path.startsWith(`/api/${role}/`));
      if (!area) continue;
      const areaPermissions = new Set<string>(areaRoutesOf(area).flatMap((route) => route.permissions));
      expect(
        areaPermissions.has(operation.access),
        `${operation.label} is declared ${operation.access}; the ${area} area's screens need one of ${[...areaPermissions].join(", ")}`,
      ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });
});

describe("authorization matrix", () => {
  it.each(rows.map((row) => [row.label, row] as const))("%s", async (label, operation) => {
    const problems: string[] = [];
    const row: Partial<Record<PersonaName, string>> = {};
    table[`${label} [${operation.access}]`] = row;
    /** The checks every cell gets, whatever its expectation. */
    const check = async (persona: Persona, expected: Expectation, res: ApiResponse): Promise<string[]> => {
      const cellProblems: string[] = [];
      if (res.status >= 500) cellProblems.push(`answered ${res.status}`);
      if (expected.kind === "allow" && expected.refused.includes(res.status)) cellProblems.push(`should be allowed, got ${res.status}`);
      if (expected.kind === "deny" && !expected.statuses.includes(res.status))
        cellProblems.push(`should be refused (${expected.why}) with ${expected.statuses.join(" or ")}, got ${res.status}`);
      if (expected.kind === "open" && isClosedAuthAnswer(res)) cellProblems.push("should be exposed, got the closed-endpoint 404");
      if (!(operation.source === "api" && operation.access === "public")) {
        const leaked = (await world.secretsHiddenFrom(persona.name)).filter((secret) => res.text.includes(secret));
        if (leaked.length > 0) cellProblems.push(`the answer shows ${leaked.join(", ")}`);
      }
      return cellProblems;
    };
    const record = (persona: Persona, res: ApiResponse, cellProblems: string[]) => {
      row[persona.name] = `${cellProblems.length > 0 ? "✗ " : ""}${res.status}`;
      problems.push(...cellProblems.map((problem) => `${persona.name}: ${problem} (${res.text.slice(0, 200)})`));
    };

    // The cells that may write (allowed, open) one at a time, each undone before the next.
    const denied: Persona[] = [];
    for (const persona of world.personas) {
      const expected = expectationFor(operation, persona.name);
      if (expected.kind === "deny") {
        denied.push(persona);
        continue;
      }
      const send = await prepare(operation);
      const state = await capture(t.db, persona);
      const res = await send(persona);
      const cellProblems = await check(persona, expected, res);
      await restore(t.db, persona, state);
      record(persona, res, cellProblems);
    }
    if (denied.length === 0) {
      expect(problems).toEqual([]);
      return;
    }

    // The refused cells together: sent at once between two fingerprints, which must be equal
    // (nothing written by any of them). This proves for the batch what a fingerprint around each
    // cell proved one by one, at two fingerprints an operation instead of two a cell, with the
    // requests overlapping (most of the matrix's cells are refusals). When the fingerprints
    // differ, the batch is sent again one cell at a time to name the persona whose request wrote.
    const send = await prepare(operation);
    const states = await Promise.all(denied.map((persona) => capture(t.db, persona)));
    // Mail an earlier allowed cell queued reaches the outbox on its own time: let it arrive first.
    await mailQueueDrained(t.db);
    const before = await fingerprint(t.db);
    const answers = await Promise.all(denied.map((persona) => send(persona)));
    const after = await fingerprint(t.db);
    const changedBetween = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((name) => b[name] !== a[name]);
    const changed = changedBetween(before, after);
    const writers = new Map<PersonaName, string[]>();
    if (changed.length > 0) {
      for (const [index, persona] of denied.entries()) {
        await restore(t.db, persona, states[index]!);
        await mailQueueDrained(t.db);
        const alone = await fingerprint(t.db);
        await send(persona);
        const wrote = changedBetween(alone, await fingerprint(t.db));
        if (wrote.length > 0) writers.set(persona.name, wrote);
      }
      if (writers.size === 0)
        problems.push(
          `a refused request of ${denied.map((persona) => persona.name).join(", ")} changed the database (${changed.join(", ")}), not again one by one`,
        );
    }
    for (const [index, persona] of denied.entries()) {
      const res = answers[index]!;
      const cellProblems = await check(persona, expectationFor(operation, persona.name), res);
      const wrote = writers.get(persona.name);
      if (wrote) cellProblems.push(`a refused request changed the database (${wrote.join(", ")})`);
      // The persona's cookies always; its sessions and memberships only if something was written
      // (equal fingerprints: there is nothing to undo).
      await restore(t.db, persona, states[index]!, { written: changed.length > 0 });
      record(persona, res, cellProblems);
    }
    expect(problems).toEqual([]);
  });
});

describe("a denial does not depend on the request", () => {
  const guarded = apiOps.filter((operation) => operation.access !== "public");
  const variants = (operation: Operation) => {
    const garbage = { path: "x".repeat(100) };
    if (["GET", "HEAD"].includes(operation.method)) return [{ ...garbage, options: {} }];
    return [
      { ...garbage, options: { body: "{not json", contentType: "application/json" } },
      { ...garbage, options: { json: { unexpected: "<script>alert(1)</script>", role: "owner" } } },
      { ...garbage, options: { body: "role=admin", contentType: "text/plain" } },
      { path: undefined, options: { json: [] } },
    ];
  };

  it.each(guarded.map((operation) => [operation.label, operation] as const))("%s refuses before validating", async (_label, operation) => {
    const before = await fingerprint(t.db);
    // Every request is refused and none may write (the fingerprints around them all): they are
    // sent at once rather than one after another.
    const sent = world.personas.flatMap((persona) => {
      const expected = expectationFor(operation, persona.name);
      if (expected.kind !== "deny" || expected.statuses.length > 1) return [];
      return variants(operation).map(async (variant) => {
        const url = fillPath(operation.path, Object.fromEntries(pathParameters(operation).map((name) => [name, variant.path ?? "matrix-probe"])));
        const res = await persona.client.request(operation.method, url, variant.options);
        return expected.statuses.includes(res.status)
          ? []
          : [`${persona.name} ${JSON.stringify(variant.options)}: ${res.status} instead of ${expected.statuses[0]}`];
      });
    });
    const problems = (await Promise.all(sent)).flat();
    expect(problems).toEqual([]);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

describe("Better Auth endpoints the server does not expose", () => {
  const variants = (path: string) => [
    path,
    `${path}/`,
    `/api/auth/${encodeURIComponent(path.slice("/api/auth/".length))}`,
    path.replace("/api/auth/", "/api/auth//"),
    `/api/auth/ok/..${path.slice("/api/auth".length)}`,
  ];

  it.each(closedAuthOps.map((operation) => [operation.label, operation] as const))("%s answers 404 and changes nothing", async (_label, operation) => {
    const admin = world.personas.find((persona) => persona.name === "admin")!;
    const before = await fingerprint(t.db);
    const problems: string[] = [];
    for (const path of variants(fillPath(operation.path, { id: "google", token: "matrix-probe" }))) {
      const res = await admin.client.request(operation.method, path, operation.method === "GET" ? {} : { json: sampleOf(operation.body) });
      if (!isClosedAuthAnswer(res)) problems.push(`${operation.method} ${path}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
