import type { MemberRole } from "./roles.ts";
import type { Permission } from "./permissions.ts";

/**
 * The public part of the route table (src/shared/route-table.ts, the one source for paths,
 * titles, descriptions, guards and permission labels, re-exports it and adds the areas): its
 * own module so that the public pages, which only need their own entries, do not load every
 * area's (the page-weight budgets of tests/budgets).
 */
export type RouteLayout = "public" | "bare" | MemberRole;

export interface RouteEntry {
  path: string;
  title: string;
  description: string;
  requiresAuth: boolean;
  /** Roles allowed past the role guard; empty means any signed-in user. */
  roles: readonly MemberRole[];
  permissions: readonly Permission[];
  layout: RouteLayout;
  /** Label in the area's navigation; absent for routes not shown there. */
  navLabel?: string;
}

const publicPage = (path: string, title: string, description: string): RouteEntry => ({
  path,
  title,
  description,
  requiresAuth: false,
  roles: [],
  permissions: [],
  layout: "public",
});

export const PUBLIC_ROUTES: readonly RouteEntry[] = [
  publicPage(
    "/",
    "Glassroom — the transparent tutoring operating system",
    "Run your tutoring business on one open platform: people, sessions, reports and billing, with families seeing the work openly.",
  ),
  publicPage("/login", "Sign in", "Sign in to your Glassroom workspace."),
  publicPage("/signup", "Create account", "Create a Glassroom account: start a new tutoring workspace or join one with a code."),
  publicPage("/forgot-password", "Reset your password", "Get a link to set a new password for your Glassroom account."),
  publicPage("/reset-password", "Set a new password", "Choose a new password for your Glassroom account."),
  publicPage("/confirm-email", "Email confirmation", "Confirm your email address and see what happens next."),
  publicPage("/invite", "Invitation", "Accept an invitation to a Glassroom workspace."),
  { ...publicPage("/permission-denied", "Permission denied", "You do not have access to this page."), layout: "bare" },
  publicPage("/solutions/solo-tutors", "Glassroom for solo tutors", "Everything a solo tutor needs to run lessons, reports and billing in one place."),
  publicPage("/solutions/tutoring-companies", "Glassroom for tutoring companies", "Run a tutoring company with many tutors, openly and securely."),
  publicPage("/product/overview", "Product overview", "What Glassroom does, from enquiry to invoice."),
  publicPage("/product/sessions", "Sessions, reports and summaries", "Schedule sessions, file reports and share clear summaries with families."),
  publicPage("/product/health", "Student health cards", "Attendance, engagement and progress at a glance, with alerts before problems grow."),
  publicPage("/product/people", "People and records", "Students, guardians and tutors, with an audit trail families can see."),
  publicPage("/product/pricing", "Pricing", "Plans for solo tutors, teams and tutoring companies."),
  publicPage("/resources/tutoring-consultant-kit", "Tutoring consultant kit", "Tools and checklists for running a tutoring business."),
  publicPage("/resources/templates-scripts", "Templates and scripts", "Parent update and session report templates, enquiry reply scripts."),
  publicPage("/resources/case-studies", "Case studies", "Illustrative scenarios of tutoring businesses running on Glassroom."),
  publicPage("/resources/blog", "Blog", "Articles on running and growing a tutoring business."),
  publicPage("/partners/affiliates", "Affiliate programme", "Earn 25% recurring commission on the workspaces you refer."),
  publicPage("/company/about", "About Glassroom", "Who builds Glassroom and why."),
  publicPage("/company/security-privacy", "Security and privacy", "What Glassroom does to protect student data, in plain words."),
  publicPage("/company/contact", "Contact", "Get in touch with the Glassroom team."),
];

/**
 * A workspace's own enquiry page and its thank-you page: bare (the business's page, not
 * Glassroom's marketing), public, and embeddable on the business's website. Each is
 * pre-rendered once as a shell for the slug below, into which the server writes the
 * workspace's name and address (src/server/features/crm/enquiry-page.ts), so the page reads
 * and sends without JavaScript.
 */
export const ENQUIRY_ROUTES: readonly RouteEntry[] = [
  { ...publicPage("/enquire/:slug", "Enquire", "Ask a tutoring business about lessons."), layout: "bare" },
  { ...publicPage("/enquire/:slug/sent", "Enquiry sent", "Your enquiry reached the tutoring business."), layout: "bare" },
];
/** The slug the enquiry shells are pre-rendered for; no workspace can have it (slugs have no underscores). */
export const ENQUIRY_SHELL_SLUG = "__workspace__";
/** Where the shell holds the workspace's name until the server writes it in. */
export const WORKSPACE_NAME_TOKEN = "__WORKSPACE_NAME__";

/**
 * Where the 404 screen is pre-rendered for visitors (a path that is no route, so the catch-all
 * renders it): the server sends it, with the requested path written in, for an unknown path
 * asked without a session (src/server/spa/serve.ts). A signed-in member gets the app's 404,
 * which offers their dashboard.
 */
export const NOT_FOUND_SHELL_PATH = "/__not-found";

/** Public layout, but a session is needed. */
export const SETUP_2FA_ROUTE: RouteEntry = {
  path: "/setup-2fa",
  title: "Set up two-factor authentication",
  description: "Protect your account with an authenticator app.",
  requiresAuth: true,
  roles: [],
  permissions: [],
  layout: "public",
};

/** A path without its trailing slashes ("/" stays "/"). */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The public route (or /setup-2fa) of a path, if it is one. */
export function findPublicRoute(pathname: string): RouteEntry | undefined {
  const path = normalisePath(pathname);
  return path === SETUP_2FA_ROUTE.path ? SETUP_2FA_ROUTE : PUBLIC_ROUTES.find((route) => route.path === path);
}
