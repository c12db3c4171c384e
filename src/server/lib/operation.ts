import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodType } from "zod";
import { createMiddleware } from "hono/factory";
import { isMemberRole } from "../../shared/roles.ts";
import { roleHasPermission, type Permission } from "../../shared/permissions.ts";
import type { AppEnv, MemberContext, MemberEnv, Viewer } from "../core/context.ts";
import { AppError, serverBusy, unauthenticated } from "./app-error.ts";
import { oneAtATimePerKey } from "./concurrency.ts";

/**
 * Who may call an operation: anyone, any signed-in account (pending or not), a member whose
 * role holds the permission label, or a devops (platform) account whatever its workspace and
 * displayed role (the platform inbox). Every operation declares one; the guard below
 * enforces it and the OpenAPI document records it (x-glassroom-access). The handler of a
 * permission operation reads the admitted member as c.var.member (a MemberContext).
 */
export type PermissionAccess = { kind: "permission"; permission: Permission };
export type Access = { kind: "public" } | { kind: "signed-in" } | { kind: "devops" } | PermissionAccess;

export const PUBLIC = { kind: "public" } as const satisfies Access;
export const SIGNED_IN = { kind: "signed-in" } as const satisfies Access;
export const DEVOPS = { kind: "devops" } as const satisfies Access;
export const needs = (permission: Permission): PermissionAccess => ({ kind: "permission", permission });

/** What the guard hands an operation's handler: the admitted member behind a permission. */
type GuardedEnv<A extends Access> = [A] extends [PermissionAccess] ? MemberEnv : AppEnv;

/** Whether the account is a devops (platform) account: user.devops, set from the command line only. */
export const isDevops = (viewer: Viewer): boolean => Boolean((viewer.user as { devops?: boolean | null }).devops);

export function accessGuard(access: Access): MiddlewareHandler<MemberEnv> {
  return createMiddleware<MemberEnv>(async (c, next) => {
    if (access.kind !== "public") {
      const viewer = c.get("viewer");
      if (!viewer) throw unauthenticated();
      if (access.kind === "permission") c.set("member", admitMember(viewer, access.permission));
      if (access.kind === "devops" && !isDevops(viewer)) throw new AppError("FORBIDDEN", 403, "Only devops (platform) accounts may do this.");
    }
    await next();
  });
}

/**
 * The viewer as a member, if their role holds the permission in their active workspace. A
 * session's workspace comes with a membership (sessions start in and switch to workspaces the
 * account is an active member of, and removing a member ends their sessions there); a viewer
 * without one is refused like a role without the permission.
 */
function admitMember(viewer: Viewer, permission: Permission): MemberContext {
  const { organizationId, membership, role } = viewer;
  if (!organizationId || !membership || !isMemberRole(role) || !roleHasPermission(role, permission)) {
    throw new AppError("FORBIDDEN", 403, `Your role (${viewer.role}) does not have the permission ${permission}.`);
  }
  return { ...viewer, organizationId, membership, role };
}

/** A JSON body is read whole, so it is bounded: at most 1 MB, refused with 413 before anything is parsed. */
export const jsonBodyLimit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: () => {
    throw new AppError("PAYLOAD_TOO_LARGE", 413, "The request body is too large (at most 1 MB).");
  },
});

/**
 * How many money writes of one workspace may wait in this process behind the running one
 * before more are refused as busy (503): a queue without end would only turn a flood into
 * timeouts later.
 */
export const MONEY_WRITES_WAITING_PER_WORKSPACE = 200;

/**
 * The money writes of each workspace, one at a time in this process. Each takes the workspace's
 * money lock (a PostgreSQL advisory lock, which orders writers across processes) and would
 * otherwise wait for it holding a pool connection: a burst of them would hold every connection
 * and starve all other requests. Waiting here, before a connection is borrowed, costs nothing.
 */
const moneyWriteTurn = oneAtATimePerKey({ maxWaiting: MONEY_WRITES_WAITING_PER_WORKSPACE, refusal: serverBusy });

export interface OperationOptions {
  /**
   * The handler streams the body (a file to storage) under its own size limit instead of the
   * JSON limit: uploads of recordings, resources and imports.
   */
  streamedBody?: boolean;
  /**
   * The handler takes the workspace's money lock (billing's lockMoney or lockLedger): it waits
   * for the workspace's earlier money writes in memory before it borrows a connection. Only for
   * an operation of a permission (a member's workspace).
   */
  writesMoney?: boolean;
}

const busyResponse = {
  503: { description: "Too many money writes of the workspace wait already (or no connection was free); Retry-After says when to try again." },
};

/** createRoute with the body limit and the access rule attached as middleware, and the rule as OpenAPI metadata. */
export function defineOperation<A extends Access, R extends Omit<RouteConfig, "middleware">>(access: A, route: R, options: OperationOptions = {}) {
  if (options.writesMoney && access.kind !== "permission") throw new Error(`${route.path}: a money write must be an operation of a permission`);
  const guard = accessGuard(access);
  const admit: MiddlewareHandler<MemberEnv> = options.writesMoney
    ? async (c, next) => {
        await guard(c, () => moneyWriteTurn(c.var.member.organizationId, next));
      }
    : guard;
  const bodyAndAccess: MiddlewareHandler<MemberEnv> = options.streamedBody
    ? admit
    : async (c, next) => {
        // A read has no body to bound, and the limit's look at it would turn the server's
        // light request into a full web Request (its headers copied, a body stream made) on
        // every read.
        if (route.method === "get") return admit(c, next);
        await jsonBodyLimit(c, async () => {
          await admit(c, next);
        });
      };
  const guarded = {
    ...route,
    ...(options.writesMoney ? { responses: { ...route.responses, ...busyResponse } } : {}),
    middleware: [bodyAndAccess],
    "x-glassroom-access": access.kind === "permission" ? access.permission : access.kind,
  } as R & { middleware: [MiddlewareHandler<GuardedEnv<A>>] };
  return createRoute(guarded);
}

export const errorResponses = {
  401: { description: "Not signed in or the session expired." },
  403: { description: "The role or relationship does not allow this." },
  422: { description: "The request is not valid; issues name each field." },
} as const;

/** A JSON body or response content for a route definition, keeping the schema's type. */
export const jsonContent = <S extends ZodType>(schema: S) => ({ "application/json": { schema } });
