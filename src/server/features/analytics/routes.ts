/**
 * Reports and analytics: the registry's figures a viewer may see, one figure for a range, and
 * the rows behind it. Admins read the workspace's (with filters), tutors their own work, a
 * parent one child's, a student their own.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  analyticsQuerySchema,
  analyticsRowsQuerySchema,
  familyAnalyticsQuerySchema,
  familyAnalyticsRowsQuerySchema,
  figureSchema,
  metricKeyParams,
  metricListSchema,
  metricRowsSchema,
} from "../../../shared/schemas/analytics.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { listMetrics, readFigure, readRows } from "./figures.ts";
import type { AnalyticsArea } from "./metric.ts";

const TAG = ["Analytics"];

const AREAS: Record<AnalyticsArea, { permission: Permission; base: string; whose: string }> = {
  admin: { permission: "admin:reports:read", base: "/admin/analytics", whose: "the workspace's, narrowed by tutor, subject or student" },
  tutor: { permission: "tutor:reports:read", base: "/tutor/analytics", whose: "the tutor's own sessions, earnings and students" },
  parent: { permission: "parent:students:read", base: "/parent/students/{studentId}/analytics", whose: "one child of the parent's" },
  student: { permission: "student:reports:read", base: "/student/analytics", whose: "the student's own" },
};

const studentParams = z.object({ studentId: z.string().min(1).max(100) });
const notVisible = { 404: { description: "The figure is not one this area may see (or the parent's child is not theirs)." } };

function areaRoutes(deps: AppDeps, area: AnalyticsArea) {
  const { permission, base, whose } = AREAS[area];
  const family = area === "parent" || area === "student";
  const params = area === "parent" ? studentParams : undefined;
  const keyParams = area === "parent" ? studentParams.extend(metricKeyParams.shape) : metricKeyParams;
  const list = defineOperation(needs(permission), {
    method: "get",
    path: base,
    tags: TAG,
    summary: `The figures of the metric registry this area may see, with their definitions: ${whose}`,
    request: params ? { params } : {},
    responses: { 200: { description: "The registry's entries.", content: jsonContent(metricListSchema) }, ...notVisible, ...errorResponses },
  });
  const figure = defineOperation(needs(permission), {
    method: "get",
    path: `${base}/{metricKey}`,
    tags: TAG,
    summary: `One figure for a date range (days in the workspace's zone) and the period of the same length before it, with its chart: ${whose}`,
    request: { params: keyParams, query: family ? familyAnalyticsQuerySchema : analyticsQuerySchema },
    responses: { 200: { description: "The figure.", content: jsonContent(figureSchema) }, ...notVisible, ...errorResponses },
  });
  const rows = defineOperation(needs(permission), {
    method: "get",
    path: `${base}/{metricKey}/rows`,
    tags: TAG,
    summary: `The records behind a figure, a page at a time ("show me the rows"): ${whose}`,
    request: { params: keyParams, query: family ? familyAnalyticsRowsQuerySchema : analyticsRowsQuerySchema },
    responses: { 200: { description: "A page of rows.", content: jsonContent(metricRowsSchema) }, ...notVisible, ...errorResponses },
  });
  const now = () => deps.clock.now();
  // The parent's child comes from the path; the others' scope from the query (scope.ts settles it).
  const keyOf = (param: unknown) => param as { metricKey: string; studentId?: string };
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) =>
      c.json(await listMetrics(deps.db, actorOf(c), area, (c.req.param() as Record<string, string | undefined>).studentId, now()), 200),
    )
    .openapi(figure, async (c) => {
      const { metricKey, studentId } = keyOf(c.req.valid("param"));
      return c.json(await readFigure(deps.db, actorOf(c), area, metricKey, { ...c.req.valid("query"), ...(studentId ? { studentId } : {}) }, now()), 200);
    })
    .openapi(rows, async (c) => {
      const { metricKey, studentId } = keyOf(c.req.valid("param"));
      return c.json(await readRows(deps.db, actorOf(c), area, metricKey, { ...c.req.valid("query"), ...(studentId ? { studentId } : {}) }, now()), 200);
    });
}

export function analyticsRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  for (const area of ["admin", "tutor", "parent", "student"] as const) app.route("/", areaRoutes(deps, area));
  return app;
}
