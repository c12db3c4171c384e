/**
 * A workspace's enquiry pages (/enquire/<slug> and …/sent), served from the shells the build
 * pre-rendered (react-router.config.ts) with the workspace's name and address written in: the
 * page reads, and its form sends, without JavaScript. The form posts here as a plain form;
 * with JavaScript the page sends JSON to the API instead. Both may be framed by any site (the
 * embed snippet in the CRM's settings): the page shows nothing of a signed-in person.
 */
import { requestLogger } from "../middleware/request-context.ts";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Hono, type Context } from "hono";
import { ENQUIRY_SHELL_SLUG, WORKSPACE_NAME_TOKEN } from "../../shared/public-routes.ts";
import { rateLimitedMessage } from "../../shared/messages.ts";
import { publicEnquirySchema } from "../../shared/schemas/crm.ts";
import { utmOf, workspaceEnquiryBody, type WorkspaceEnquiryField } from "../../shared/workspace-enquiry-values.ts";
import type { AppDeps, AppEnv } from "../core/context.ts";
import { ENQUIRY_LIMIT, ENQUIRY_LIMIT_NAME, enquiryForm, receiveWorkspaceEnquiry } from "../features/crm/index.ts";
import { AppError } from "../lib/app-error.ts";
import { hit } from "../middleware/rate-limit.ts";
import { withCanonical, type WebBuild } from "./serve.ts";

/** Whether a path is one of the pages other sites may show in a frame. */
export const isFramablePage = (pathname: string) => pathname.startsWith("/enquire/");

/** The errors' place in the form shell (workspace-enquiry-page.tsx). */
const ERRORS_SLOT = '<div id="enquiry-errors"></div>';

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

/** The UTM parameters of the page's address, kept on the form's address so a plain post keeps them too. */
function utmQuery(url: string): string {
  const utm = utmOf(new URL(url).searchParams);
  if (!utm) return "";
  return `?${new URLSearchParams(Object.entries(utm).map(([key, value]) => [`utm_${key}`, value])).toString()}`;
}

function loadShells(web: WebBuild) {
  const read = (...parts: string[]) => {
    const file = path.join(web.root, "enquire", ENQUIRY_SHELL_SLUG, ...parts, "index.html");
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
  };
  return { form: read(), sent: read("sent") };
}

/**
 * The shell with the workspace in it. Only attributes and text change: the inline scripts
 * (whose hashes the Content-Security-Policy lists) are left as the build wrote them.
 */
function fill(shell: string, workspace: { name: string; slug: string }, formAddress: string): string {
  return shell
    .replaceAll(`action="/enquire/${ENQUIRY_SHELL_SLUG}"`, `action="${escapeHtml(formAddress)}"`)
    .replaceAll(`="/enquire/${ENQUIRY_SHELL_SLUG}`, `="/enquire/${workspace.slug}`)
    .replaceAll(`data-workspace-slug="${ENQUIRY_SHELL_SLUG}"`, `data-workspace-slug="${workspace.slug}"`)
    .replaceAll(WORKSPACE_NAME_TOKEN, escapeHtml(workspace.name));
}

/** What a plain post refused, where the page's script would have shown it under the fields. */
function errorsBlock(messages: string[]): string {
  const items = messages.map((message) => `<li>${escapeHtml(message)}</li>`).join("");
  return (
    `<div role="alert" id="enquiry-errors" style="border:1px solid var(--mantine-color-red-6);border-radius:8px;padding:12px 16px">` +
    `<h2 style="margin:0 0 8px;font-size:1.1rem">Your enquiry was not sent</h2><ul style="margin:0;padding-left:20px">${items}</ul>` +
    `<p style="margin:8px 0 0">Go back to correct it: your browser keeps what you typed.</p></div>`
  );
}

export function enquiryPageRoutes(deps: AppDeps, web: WebBuild) {
  const shells = loadShells(web);
  const app = new Hono<AppEnv>();
  const rule = { ...ENQUIRY_LIMIT, max: ENQUIRY_LIMIT.max * deps.config.rateLimitMultiplier };

  const page = (c: Context<AppEnv>, html: string, status: 200 | 422 | 429 = 200) => {
    c.header("Cache-Control", "no-cache");
    return c.html(withCanonical(html, deps.config.appUrl, c.req.path), status);
  };
  // An unknown workspace: the app's own 404 page (the route then says no business has this page).
  const unknown = (c: Context<AppEnv>) => c.html(web.fallbackHtml, 404);
  const workspaceOf = async (slug: string) => {
    try {
      const form = await enquiryForm(deps.db, slug);
      return { name: form.workspaceName, slug: form.slug };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    }
  };

  if (!shells.form || !shells.sent) return app;
  const { form, sent } = shells;

  app.get("/enquire/:slug", async (c) => {
    const workspace = await workspaceOf(c.req.param("slug"));
    if (!workspace) return unknown(c);
    return page(c, fill(form, workspace, `/enquire/${workspace.slug}${utmQuery(c.req.url)}`));
  });
  app.get("/enquire/:slug/sent", async (c) => {
    const workspace = await workspaceOf(c.req.param("slug"));
    if (!workspace) return unknown(c);
    return page(c, fill(sent, workspace, `/enquire/${workspace.slug}`));
  });
  app.post("/enquire/:slug", async (c) => {
    const workspace = await workspaceOf(c.req.param("slug"));
    if (!workspace) return unknown(c);
    const formAddress = `/enquire/${workspace.slug}${utmQuery(c.req.url)}`;
    const refused = (messages: string[], status: 422 | 429) => page(c, fill(form, workspace, formAddress).replace(ERRORS_SLOT, errorsBlock(messages)), status);

    const retryAfter = await hit(deps.db, `${ENQUIRY_LIMIT_NAME}:ip:${c.var.clientIp}`, rule);
    if (retryAfter !== null) {
      c.header("Retry-After", String(retryAfter));
      return refused([rateLimitedMessage(retryAfter)], 429);
    }
    const posted = await c.req.parseBody().catch(() => ({}));
    const values = Object.fromEntries(Object.entries(posted).filter((entry): entry is [WorkspaceEnquiryField, string] => typeof entry[1] === "string"));
    const parsed = publicEnquirySchema.safeParse(workspaceEnquiryBody(values, new URL(c.req.url).searchParams));
    if (!parsed.success) return refused([...new Set(parsed.error.issues.map((issue) => issue.message))], 422);
    await receiveWorkspaceEnquiry(deps, requestLogger(c), workspace.slug, parsed.data, deps.clock.now());
    return c.redirect(`/enquire/${workspace.slug}/sent`, 303);
  });
  return app;
}
