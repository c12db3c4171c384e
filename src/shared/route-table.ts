import type { MemberRole, Permission } from "./roles.ts";

/**
 * The route table: the one source for paths, titles, descriptions, guards and permission
 * labels. It drives the web router, the guards, the navigation, the server's page status
 * codes (known path 200, unknown 404) and the pre-rendered public pages.
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
  /** Screens whose capability lands later: what will be there, shown as the screen's body. */
  upcoming?: string;
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
  publicPage("/", "Glassroom — the transparent tutoring operating system", "Run your tutoring business on one open platform: people, sessions, reports and billing, with families seeing the work openly."),
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

/** Public layout, but a session is needed (seed section 2). */
export const SETUP_2FA_ROUTE: RouteEntry = {
  path: "/setup-2fa",
  title: "Set up two-factor authentication",
  description: "Protect your account with an authenticator app.",
  requiresAuth: true,
  roles: [],
  permissions: [],
  layout: "public",
};

type AreaScreen = [segment: string, title: string, description: string, permissions: Permission[], upcoming?: string];
type DetailScreen = [segment: string, title: string, description: string, permissions: Permission[]];

function area(role: MemberRole, screens: AreaScreen[]): RouteEntry[] {
  return screens.map(([segment, title, description, permissions, upcoming]) => ({
    path: `/${role}/${segment}`,
    title,
    description,
    requiresAuth: true,
    roles: [role],
    permissions,
    layout: role,
    navLabel: title,
    ...(upcoming ? { upcoming } : {}),
  }));
}

/** Screens reached from another screen (a record's page): a path with :params, not in the navigation. */
function details(role: MemberRole, screens: DetailScreen[]): RouteEntry[] {
  return screens.map(([segment, title, description, permissions]) => ({
    path: `/${role}/${segment}`,
    title,
    description,
    requiresAuth: true,
    roles: [role],
    permissions,
    layout: role,
  }));
}

export const AREA_ROUTES: readonly RouteEntry[] = [
  ...area("admin", [
    ["dashboard", "Dashboard", "Your workspace at a glance.", ["admin:read"]],
    ["approvals", "Approvals", "Review and approve pending registrations.", ["admin:approvals:read", "admin:approvals:write"]],
    ["members", "Members", "Everyone in your workspace, and the invitations you sent.", ["admin:members:read", "admin:members:write"]],
    ["tutors", "Tutors", "The tutors of your workspace.", ["admin:tutors:read", "admin:tutors:write"]],
    ["students", "Students", "The students of your workspace.", ["admin:students:read", "admin:students:write"]],
    ["reports", "Reports and analytics", "Revenue, hours, retention and more.", ["admin:reports:read"], "Charts of revenue, hours by tutor and subject, active and churned students, with a date range and CSV export."],
    ["growthplaybook", "Growth playbook", "Steps to grow your tutoring business.", ["admin:growth:read"], "A checklist of growth steps ticked from your workspace's real data, with the KPIs that go with them."],
    ["system", "System", "The audit log of your workspace.", ["admin:system:read", "admin:system:write"]],
    ["settings", "Settings", "Workspace and account settings.", ["admin:settings:read", "admin:settings:write"]],
  ]),
  ...details("admin", [
    ["students/:studentId", "Student", "A student's record, guardians, tutors and access log.", ["admin:students:read", "admin:students:write"]],
    ["tutors/:memberId", "Tutor", "A tutor's profile, rates, availability and students.", ["admin:tutors:read", "admin:tutors:write"]],
  ]),
  ...area("parent", [
    ["dashboard", "Dashboard", "Your children's tutoring at a glance.", ["parent:read"]],
    ["students", "My students", "Your children's records and who accessed them.", ["parent:students:read"]],
    ["billings", "Billing and packages", "Balances, packages and invoices.", ["parent:billing:read"], "Package hours left, invoices and payments, with online payment where your tutoring business offers it."],
    ["resources", "Resources", "Guides and materials for parents.", ["parent:resources:read"], "Files and links your tutoring business shares with parents, by category, with search."],
    ["settings", "Settings", "Your account settings.", ["parent:settings:read", "parent:settings:write"]],
  ]),
  ...details("parent", [["students/:studentId", "Student", "Your child's record and who accessed it.", ["parent:students:read"]]]),
  ...area("student", [
    ["dashboard", "Dashboard", "Your tutoring at a glance.", ["student:read"]],
    ["profile", "My profile", "Your student record and who accessed it.", ["student:read"]],
    ["calendar", "Calendar", "Your upcoming sessions.", ["student:calendar:read"], "Your sessions in week, month and list views, and a calendar feed for your own calendar app."],
    ["reports", "Reports", "Your progress and session summaries.", ["student:reports:read"], "Your session summaries, attendance and progress over time."],
    ["settings", "Settings", "Your account settings.", ["student:settings:read", "student:settings:write"]],
  ]),
  ...area("tutor", [
    ["dashboard", "Dashboard", "Your students and sessions at a glance.", ["tutor:read"]],
    ["students", "My students", "The students assigned to you.", ["tutor:students:read"]],
    ["calendar", "Jobs", "Your sessions (jobs) calendar.", ["tutor:jobs:read"], "Your sessions in week, month and list views; schedule, move and report on them."],
    ["crm", "CRM", "Leads, follow-ups and enquiries.", ["tutor:jobs:read"], "Leads in pipeline stages, activities and follow-up tasks, and one-click conversion of a lead into a student."],
    ["resources", "Resources and handbooks", "Guides and materials for tutors.", ["tutor:resources:read"], "Handbooks, files and links shared with tutors, by category, with search."],
    ["reports", "Reports", "Your hours, earnings and report completion.", ["tutor:reports:read"], "Your hours, earnings, report completion and your students' progress."],
    ["settings", "Settings", "Your profile, availability and account settings.", ["tutor:settings:read", "tutor:settings:write"]],
  ]),
  ...details("tutor", [["students/:studentId", "Student", "An assigned student's record.", ["tutor:students:read"]]]),
];

export const ROUTE_TABLE: readonly RouteEntry[] = [...PUBLIC_ROUTES, SETUP_2FA_ROUTE, ...AREA_ROUTES];

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Whether a path matches a route's pattern, where ":name" stands for one non-empty segment. */
function matches(pattern: string, path: string): boolean {
  if (!pattern.includes(":")) return pattern === path;
  const expected = pattern.split("/");
  const actual = path.split("/");
  return expected.length === actual.length && expected.every((segment, index) => (segment.startsWith(":") ? actual[index] !== "" : segment === actual[index]));
}

export function findRoute(pathname: string): RouteEntry | undefined {
  const path = normalise(pathname);
  return ROUTE_TABLE.find((route) => route.path === path) ?? ROUTE_TABLE.find((route) => matches(route.path, path));
}

/** Whether a route has :params (a record's page): never pre-rendered nor measured as a first screen. */
export const hasParams = (route: RouteEntry): boolean => route.path.includes(":");

/** The screens of an area's navigation, in order (record pages are reached from them). */
export function areaRoutesOf(role: MemberRole): RouteEntry[] {
  return AREA_ROUTES.filter((route) => route.layout === role && route.navLabel !== undefined);
}
