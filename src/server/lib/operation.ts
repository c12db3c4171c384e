import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { ZodType } from "zod";
import { createMiddleware } from "hono/factory";
import { roleHasPermission, type Permission } from "../../shared/roles.ts";
import type { AppEnv, Viewer } from "../core/context.ts";
import { AppError, unauthenticated } from "./app-error.ts";

/**
 * Who may call an operation: anyone, any signed-in account (pending or not), a member whose
 * role holds the permission label, or a devops (platform) account whatever its workspace and
 * displayed role (the platform inbox). Every operation declares one; the guard below
 * enforces it and the OpenAPI document records it (x-glassroom-access).
 */
export type Access = { kind: "public" } | { kind: "signed-in" } | { kind: "devops" } | { kind: "permission"; permission: Permission };

export const PUBLIC: Access = { kind: "public" };
export const SIGNED_IN: Access = { kind: "signed-in" };
export const DEVOPS: Access = { kind: "devops" };
export const needs = (permission: Permission): Access => ({ kind: "permission", permission });

/** Whether the account is a devops (platform) account: user.devops, set from the command line only. */
export const isDevops = (viewer: Viewer): boolean => Boolean((viewer.user as { devops?: boolean | null }).devops);

export function accessGuard(access: Access): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (access.kind !== "public") {
      const viewer = c.var.viewer;
      if (!viewer) throw unauthenticated();
      if (access.kind === "permission") assertPermission(viewer, access.permission);
      if (access.kind === "devops" && !isDevops(viewer)) throw new AppError("FORBIDDEN", 403, "Only devops (platform) accounts may do this.");
    }
    await next();
  });
}

export function assertPermission(viewer: Viewer, permission: Permission): void {
  if (!viewer.organizationId || !roleHasPermission(viewer.role, permission)) {
    throw new AppError("FORBIDDEN", 403, `Your role (${viewer.role}) does not have the permission ${permission}.`);
  }
}

/** createRoute with the access rule attached as guard middleware and as OpenAPI metadata. */
export function defineOperation<R extends Omit<RouteConfig, "middleware">>(access: Access, route: R) {
  const guarded = {
    ...route,
    middleware: [accessGuard(access)],
    "x-glassroom-access": access.kind === "permission" ? access.permission : access.kind,
  } as R & { middleware: MiddlewareHandler<AppEnv>[] };
  return createRoute(guarded);
}

export const errorResponses = {
  401: { description: "Not signed in or the session expired." },
  403: { description: "The role or relationship does not allow this." },
  422: { description: "The request is not valid; issues name each field." },
} as const;

/** A JSON body or response content for a route definition, keeping the schema's type. */
export const jsonContent = <S extends ZodType>(schema: S) => ({ "application/json": { schema } });
