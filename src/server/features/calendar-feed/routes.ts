/**
 * The private iCalendar feed: a signed-in member reads whether theirs exists and makes it (or
 * makes it again, revoking the old URL); calendar apps read it by its URL, without cookies.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from "../../../shared/schemas/calendar-feed.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, PUBLIC, SIGNED_IN } from "../../lib/operation.ts";
import { createFeed, readFeedStatus, renderFeed } from "./service.ts";

const statusRoute = defineOperation(SIGNED_IN, {
  method: "get",
  path: "/calendar-feed",
  tags: ["Calendar feed"],
  summary: "Whether the member has a private calendar feed, and since when (its URL is shown only when made)",
  responses: { 200: { description: "The feed's state.", content: jsonContent(calendarFeedStatusSchema) }, ...errorResponses },
});

const createRoute = defineOperation(SIGNED_IN, {
  method: "post",
  path: "/calendar-feed",
  tags: ["Calendar feed"],
  summary: "Make the member's private calendar feed, or make it again: the new URL is shown this once and the old one stops working",
  responses: { 201: { description: "The feed's URL.", content: jsonContent(calendarFeedCreatedSchema) }, ...errorResponses },
});

const feedRoute = defineOperation(PUBLIC, {
  method: "get",
  path: "/calendar/{file}",
  tags: ["Calendar feed"],
  summary: "A member's sessions as an iCalendar feed (RFC 5545), 60 days back to 180 days ahead, by the secret URL",
  request: { params: z.object({ file: z.string().min(1).max(200).openapi({ description: "The feed's token followed by .ics" }) }) },
  responses: {
    200: { description: "The calendar.", content: { "text/calendar": { schema: z.string() } } },
    404: { description: "No such feed: an unknown or revoked token, or a member no longer active." },
  },
});

export function calendarFeedRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(statusRoute, async (c) => c.json(await readFeedStatus(deps.db, c.var.viewer!), 200))
    .openapi(createRoute, async (c) => c.json(await createFeed(deps.db, deps.config.appUrl, c.var.viewer!, deps.clock.now()), 201))
    .openapi(feedRoute, async (c) => {
      const text = await renderFeed(deps.db, deps.config.appUrl, c.req.valid("param").file, deps.clock.now());
      return c.body(text, 200, {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="glassroom.ics"',
        "cache-control": "private, no-store",
        "referrer-policy": "no-referrer",
      });
    });
}
