import { OpenAPIHono } from "@hono/zod-openapi";
import { compress } from "hono/compress";
import { APP_VERSION } from "../shared/version.ts";
import { authRoutes } from "./auth/routes.ts";
import type { AppDeps, AppEnv } from "./core/context.ts";
import { approvalRoutes } from "./features/approvals/index.ts";
import { assignmentRoutes } from "./features/assignments/index.ts";
import { studentRoutes } from "./features/students/index.ts";
import { invitationRoutes } from "./features/invitations/index.ts";
import { memberRoutes } from "./features/members/index.ts";
import { tutorRoutes } from "./features/tutors/index.ts";
import { billingRoutes } from "./features/billing/index.ts";
import { tutorPayRoutes } from "./features/tutor-pay/index.ts";
import { onlinePaymentRoutes } from "./features/online-payments/index.ts";
import { alertRoutes, studentHealthRoutes } from "./features/student-health/index.ts";
import { leadRoutes } from "./features/crm/index.ts";
import { analyticsRoutes } from "./features/analytics/index.ts";
import { growthPlaybookRoutes } from "./features/growth-playbook/index.ts";
import { workspaceExportRoutes } from "./features/workspace-export/index.ts";
import { systemStatusRoutes } from "./features/system-status/index.ts";
import { sessionRoutes } from "./features/sessions/index.ts";
import { sessionReportRoutes } from "./features/session-reports/index.ts";
import { calendarFeedRoutes } from "./features/calendar-feed/index.ts";
import { recordingRoutes } from "./features/recordings/index.ts";
import { resourceRoutes } from "./features/resources/index.ts";
import { auditRoutes } from "./features/audit/index.ts";
import { devOutboxRoutes } from "./features/dev-outbox/index.ts";
import { enquiryRoutes } from "./features/enquiries/index.ts";
import { healthCheck, healthFastPath, healthProbeOnNodeRequest, healthRoutes, type HealthAnswer } from "./features/health/index.ts";
import { meRoutes } from "./features/me/index.ts";
import { signupRoutes } from "./features/signup/index.ts";
import { workspaceRoutes } from "./features/workspaces/index.ts";
import { AppError } from "./lib/app-error.ts";
import { jsonBodyLimit } from "./lib/operation.ts";
import { unstorableText, zodIssues } from "./lib/validation.ts";
import { apiDocsRoutes } from "./features/api-docs/index.ts";
import { enquiryPageRoutes, isFramablePage } from "./spa/enquiry-pages.ts";
import { webRoutes, type WebBuild } from "./spa/serve.ts";
import { siteIndexRoutes } from "./spa/site-index.ts";
import { handleError } from "./middleware/error-handler.ts";
import { jsonAnswers } from "./middleware/json-answers.ts";
import { requestContext } from "./middleware/request-context.ts";
import { sameOriginOnly } from "./middleware/same-origin.ts";
import { securityHeaders, securityHeaderValues } from "./middleware/security-headers.ts";
import { loadViewer } from "./middleware/viewer.ts";
import { MemoizedRouter } from "./lib/memoized-router.ts";

export function createApi(deps: AppDeps, checkHealth: () => Promise<HealthAnswer>) {
  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issues = zodIssues(result.error);
        throw new AppError("VALIDATION_FAILED", 422, issues[0]?.message ?? "The request is not valid.", issues);
      }
      const unstorable = unstorableText(result.data);
      if (unstorable) {
        const message = `${unstorable.path.length > 0 ? unstorable.path.join(".") : "The request"} ${unstorable.problem}.`;
        throw new AppError("VALIDATION_FAILED", 422, message, [{ path: unstorable.path, message }]);
      }
    },
  });
  // Operations bound their own bodies (lib/operation.ts); Better Auth's endpoints take JSON.
  api.use("/auth/*", jsonBodyLimit);
  api.route("/auth", authRoutes(deps));
  // Health answers even when the session cannot be read (database down).
  api.route("/", healthRoutes(deps, checkHealth));
  // The me routes read the session themselves, with the account's workspaces (their answer).
  api.route("/", meRoutes(deps));
  api.use("*", loadViewer(deps));
  api.route("/", signupRoutes(deps));
  api.route("/", workspaceRoutes(deps));
  api.route("/", approvalRoutes(deps));
  api.route("/", studentRoutes(deps));
  api.route("/", assignmentRoutes(deps));
  api.route("/", memberRoutes(deps));
  api.route("/", invitationRoutes(deps));
  api.route("/", tutorRoutes(deps));
  api.route("/", sessionRoutes(deps));
  api.route("/", sessionReportRoutes(deps));
  api.route("/", calendarFeedRoutes(deps));
  api.route("/", recordingRoutes(deps));
  api.route("/", resourceRoutes(deps));
  api.route("/", auditRoutes(deps));
  api.route("/", enquiryRoutes(deps));
  api.route("/", billingRoutes(deps));
  api.route("/", tutorPayRoutes(deps));
  api.route("/", onlinePaymentRoutes(deps));
  api.route("/", studentHealthRoutes(deps));
  api.route("/", alertRoutes(deps));
  api.route("/", leadRoutes(deps));
  api.route("/", analyticsRoutes(deps));
  api.route("/", growthPlaybookRoutes(deps));
  api.route("/", workspaceExportRoutes(deps));
  api.route("/", systemStatusRoutes(deps));
  if (deps.mailer.transport === "log" && deps.config.localDevelopment) api.route("/", devOutboxRoutes(deps));

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Glassroom API",
      version: APP_VERSION,
      description: "The API of Glassroom, the transparent tutoring operating system. Authentication endpoints (Better Auth) live under /api/auth.",
    },
    servers: [{ url: "/api" }],
  });
  api.route("/", apiDocsRoutes());
  api.all("*", () => {
    throw new AppError("NOT_FOUND", 404, "This API endpoint does not exist.");
  });
  return api;
}

export function createApp(deps: AppDeps, web?: WebBuild) {
  // Every route of every sub-app is added to this app's router, the one that matches requests.
  const app = new OpenAPIHono<AppEnv>({ router: new MemoizedRouter() });
  const securityOptions = { https: deps.config.appUrl.startsWith("https://"), scriptHashes: () => web?.scriptHashes ?? [], framable: isFramablePage };
  const securityHeadersOf = securityHeaderValues(securityOptions);
  const checkHealth = healthCheck(deps);
  // Ahead of every middleware: see healthFastPath.
  app.get(
    "/api/health",
    healthFastPath(checkHealth, () => securityHeadersOf("data")),
  );
  app.use("*", requestContext(deps.logger));
  // gzip for the web app's scripts, styles and pages and for API answers (1 KB and up); JSON
  // answers are sent whole (and gzipped) by jsonAnswers, which compress() then leaves alone.
  const gzip = compress();
  app.use("*", async (c, next) => {
    await next();
    if (!c.get("wholeAnswer")) await gzip(c, async () => {});
  });
  app.use("/api/*", jsonAnswers(securityHeadersOf("data")));
  app.use("*", securityHeaders(securityOptions));
  app.use("/api/*", sameOriginOnly(deps.config.appUrl));
  app.onError(handleError);
  app.route("/api", createApi(deps, checkHealth));
  app.route("/", siteIndexRoutes(deps.config.appUrl));
  if (web) app.route("/", enquiryPageRoutes(deps, web));
  if (web) app.route("/", webRoutes(web, deps.config.appUrl));
  return { app, answerHealthProbe: healthProbeOnNodeRequest(checkHealth, () => securityHeadersOf("data")) };
}
