import { requestLogger } from "../../middleware/request-context.ts";
import { OpenAPIHono } from "@hono/zod-openapi";
import {
  affiliateRequestSchema,
  contactRequestSchema,
  enquiryListQuerySchema,
  enquiryPageSchema,
  enquiryReceivedSchema,
} from "../../../shared/schemas/enquiries.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, DEVOPS, errorResponses, jsonContent, PUBLIC } from "../../lib/operation.ts";
import { rateLimit, type RateRule } from "../../middleware/rate-limit.ts";
import { listEnquiries, receiveEnquiry } from "./service.ts";

const received = { description: "Received: stored, and mailed to the operator when OPERATOR_EMAIL is set.", content: jsonContent(enquiryReceivedSchema) };
const limited = { description: "Too many messages from this address (or for this email) for now; Retry-After says when to try again." };

const contactRoute = defineOperation(PUBLIC, {
  method: "post",
  path: "/public/contact",
  tags: ["Marketing site"],
  summary: "Send a message to the Glassroom team (the contact page's form)",
  request: { body: { required: true, content: jsonContent(contactRequestSchema) } },
  responses: { 201: received, 422: errorResponses[422], 429: limited },
});

const affiliateRoute = defineOperation(PUBLIC, {
  method: "post",
  path: "/public/affiliate-applications",
  tags: ["Marketing site"],
  summary: "Apply to the affiliate programme (the affiliates page's form)",
  request: { body: { required: true, content: jsonContent(affiliateRequestSchema) } },
  responses: { 201: received, 422: errorResponses[422], 429: limited },
});

const listRoute = defineOperation(DEVOPS, {
  method: "get",
  path: "/platform/enquiries",
  tags: ["Platform"],
  summary: "What visitors sent through the marketing site's forms, newest first (devops accounts only)",
  request: { query: enquiryListQuerySchema },
  responses: { 200: { description: "One page of contact messages and affiliate applications.", content: jsonContent(enquiryPageSchema) }, ...errorResponses },
});

/**
 * A person sends one message, perhaps corrects and sends again; more from one address (or
 * for one email) within the window is a robot or a flood. Refused requests count too.
 */
export const FORM_LIMIT: RateRule = { max: 5, windowSeconds: 900 };

export function enquiryRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  app.use("/public/contact", rateLimit(deps.db, "contact", FORM_LIMIT, deps.config.rateLimitMultiplier));
  app.use("/public/affiliate-applications", rateLimit(deps.db, "affiliate", FORM_LIMIT, deps.config.rateLimitMultiplier));
  return app
    .openapi(contactRoute, async (c) => {
      await receiveEnquiry(deps, requestLogger(c), "contact", c.req.valid("json"));
      return c.json({ received: true as const }, 201);
    })
    .openapi(affiliateRoute, async (c) => {
      await receiveEnquiry(deps, requestLogger(c), "affiliate", c.req.valid("json"));
      return c.json({ received: true as const }, 201);
    })
    .openapi(listRoute, async (c) => c.json(await listEnquiries(deps.db, c.req.valid("query")), 200));
}
