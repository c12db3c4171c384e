import type { MemberRole } from "./roles.ts";
import type { Permission } from "./permissions.ts";
import { ENQUIRY_ROUTES, normalisePath, PUBLIC_ROUTES, SETUP_2FA_ROUTE, type RouteEntry } from "./public-routes.ts";

/**
 * The route table: the one source for paths, titles, descriptions, guards and permission
 * labels. It drives the web router, the guards, the navigation, the server's page status
 * codes (known path 200, unknown 404) and the pre-rendered public pages. The public routes
 * are defined in ./public-routes.ts (the public pages load only those) and exported here too.
 */
export { ENQUIRY_ROUTES, findPublicRoute, PUBLIC_ROUTES, SETUP_2FA_ROUTE, type RouteEntry, type RouteLayout } from "./public-routes.ts";

type Screen = [segment: string, title: string, description: string, permissions: Permission[]];

function area(role: MemberRole, screens: Screen[]): RouteEntry[] {
  return screens.map(([segment, title, description, permissions]) => ({
    path: `/${role}/${segment}`,
    title,
    description,
    requiresAuth: true,
    roles: [role],
    permissions,
    layout: role,
    navLabel: title,
  }));
}

/** Screens reached from another screen (a record's page): a path with :params, not in the navigation. */
function details(role: MemberRole, screens: Screen[]): RouteEntry[] {
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
    ["dashboard", "Dashboard", "Your workspace at a glance.", ["admin:read", "admin:sessions:read", "admin:sessions:write"]],
    ["approvals", "Approvals", "Review and approve pending registrations.", ["admin:approvals:read", "admin:approvals:write"]],
    ["members", "Members", "Everyone in your workspace, and the invitations you sent.", ["admin:members:read", "admin:members:write"]],
    ["tutors", "Tutors", "The tutors of your workspace.", ["admin:tutors:read", "admin:tutors:write"]],
    ["students", "Students", "The students of your workspace.", ["admin:students:read", "admin:students:write", "admin:health:read", "admin:health:write"]],
    ["health", "Student health", "Students' health cards by risk.", ["admin:health:read", "admin:health:write"]],
    ["calendar", "Calendar", "Every session of your workspace.", ["admin:sessions:read", "admin:sessions:write"]],
    ["billing", "Billing", "Packages, invoices, payments and balances.", ["admin:billing:read", "admin:billing:write"]],
    ["pay", "Tutor pay", "What each tutor earned, pay runs and payroll exports.", ["admin:pay:read", "admin:pay:write"]],
    ["crm", "CRM", "Leads, pipeline and follow-up tasks.", ["admin:crm:read", "admin:crm:write"]],
    ["reports", "Reports and analytics", "Revenue, hours, retention and more.", ["admin:reports:read"]],
    [
      "resources",
      "Resources",
      "The library: handbooks, policies, guides and materials, and who acknowledged them.",
      ["admin:resources:read", "admin:resources:write"],
    ],
    ["growthplaybook", "Growth playbook", "Steps to grow your tutoring business.", ["admin:growth:read", "admin:growth:write"]],
    ["system", "System", "Your workspace's system status and audit log.", ["admin:system:read", "admin:system:write"]],
    ["settings", "Settings", "Workspace and account settings.", ["admin:settings:read", "admin:settings:write"]],
  ]),
  ...details("admin", [
    ["students/:studentId", "Student", "A student's record, guardians, tutors and access log.", ["admin:students:read", "admin:students:write"]],
    ["tutors/:memberId", "Tutor", "A tutor's profile, rates, availability and students.", ["admin:tutors:read", "admin:tutors:write"]],
    ["health/rules", "Health rules", "Tune, preview and publish the health rules.", ["admin:health:read", "admin:health:write"]],
    ["health/alerts", "Alerts", "Alerts on students, and families' questions.", ["admin:health:read", "admin:health:write"]],
    ["sessions/:sessionId", "Session", "A session's details, report, summaries and recordings.", ["admin:sessions:read", "admin:sessions:write"]],
    [
      "billing/invoices/:invoiceId",
      "Invoice",
      "An invoice line by line: its payments, credit notes and disputes.",
      ["admin:billing:read", "admin:billing:write"],
    ],
    [
      "billing/accounts/:accountId",
      "Family account",
      "A family's balance, hours, invoices, payments, payers and statements.",
      ["admin:billing:read", "admin:billing:write"],
    ],
    ["billing/disputes/:disputeId", "Dispute", "A family's question about an invoice line, and its thread.", ["admin:billing:read", "admin:billing:write"]],
    [
      "billing/payments/:paymentId",
      "Payment",
      "A payment: the invoices it paid, what is left as credit, and its refunds.",
      ["admin:billing:read", "admin:billing:write"],
    ],
    ["pay/tutors/:memberId", "Tutor's pay", "A tutor's pay statement lesson by lesson, and adjustments.", ["admin:pay:read", "admin:pay:write"]],
    ["pay/runs/:payRunId", "Pay run", "A pay run tutor by tutor: confirm it, mark it paid, download it for payroll.", ["admin:pay:read", "admin:pay:write"]],
    ["crm/leads/:leadId", "Lead", "A lead: contact, need, stage, tasks and timeline.", ["admin:crm:read", "admin:crm:write"]],
  ]),
  ...area("parent", [
    ["dashboard", "Dashboard", "Your children's tutoring at a glance.", ["parent:read", "parent:students:write"]],
    ["students", "My students", "Your children's records and who accessed them.", ["parent:students:read", "parent:health:read"]],
    ["billings", "Billing and packages", "Balances, packages and invoices.", ["parent:billing:read", "parent:billing:write"]],
    ["resources", "Resources", "Guides, policies and materials your tutoring business and your children's tutors share with you.", ["parent:resources:read"]],
    ["settings", "Settings", "Your account settings.", ["parent:settings:read", "parent:settings:write"]],
  ]),
  ...details("parent", [
    ["students/:studentId", "Student", "Your child's record and who accessed it.", ["parent:students:read"]],
    ["health-rules", "Health rules", "How the health score is worked out.", ["parent:health:read"]],
    ["alerts", "Alerts", "Alerts on your children.", ["parent:health:read"]],
    ["sessions/:sessionId", "Session", "A session of your child: details, summary and recordings.", ["parent:students:read", "parent:students:write"]],
    [
      "billings/invoices/:invoiceId",
      "Invoice",
      "An invoice line by line, its PDF, and questions about its lines.",
      ["parent:billing:read", "parent:billing:write"],
    ],
    [
      "billings/disputes/:disputeId",
      "Question about a line",
      "A question about an invoice line and its thread.",
      ["parent:billing:read", "parent:billing:write"],
    ],
    [
      "billings/checkout/:attemptId",
      "Card payment",
      "A card payment made through Stripe: processing until Stripe confirms it, then received.",
      ["parent:billing:read", "parent:billing:write"],
    ],
  ]),
  ...area("student", [
    ["dashboard", "Dashboard", "Your tutoring at a glance.", ["student:read"]],
    ["profile", "My profile", "Your student record and who accessed it.", ["student:read"]],
    ["calendar", "Calendar", "Your upcoming sessions.", ["student:calendar:read", "student:calendar:write"]],
    ["reports", "Reports", "The summaries your tutors shared after your sessions.", ["student:reports:read"]],
    ["resources", "Resources", "Guides and materials your tutors share with you.", ["student:resources:read"]],
    ["settings", "Settings", "Your account settings.", ["student:settings:read", "student:settings:write"]],
  ]),
  ...details("student", [
    ["sessions/:sessionId", "Session", "One of your sessions: details, summary and recordings.", ["student:calendar:read", "student:calendar:write"]],
  ]),
  ...area("tutor", [
    ["dashboard", "Dashboard", "Your students and sessions at a glance.", ["tutor:read"]],
    ["students", "My students", "The students assigned to you.", ["tutor:students:read", "tutor:health:write"]],
    ["calendar", "Jobs", "Your sessions (jobs) calendar.", ["tutor:jobs:read", "tutor:jobs:write"]],
    ["crm", "CRM", "Your leads, follow-ups and enquiries.", ["tutor:jobs:read", "tutor:jobs:write"]],
    [
      "resources",
      "Resources and handbooks",
      "Handbooks and policies for tutors, and the materials you share with your students.",
      ["tutor:resources:read", "tutor:resources:write"],
    ],
    ["reports", "Reports", "Sessions waiting for your report.", ["tutor:reports:read", "tutor:jobs:read"]],
    ["pay", "My pay", "What you earned, lesson by lesson, and when it is paid.", ["tutor:pay:read"]],
    ["settings", "Settings", "Your profile, availability and account settings.", ["tutor:settings:read", "tutor:settings:write"]],
  ]),
  ...details("tutor", [
    ["students/:studentId", "Student", "An assigned student's record.", ["tutor:students:read"]],
    ["alerts", "Alerts", "Alerts on your students.", ["tutor:students:read"]],
    ["sessions/:sessionId", "Session", "A session: details, report, summaries and recordings.", ["tutor:jobs:read", "tutor:jobs:write"]],
    ["crm/leads/:leadId", "Lead", "One of your leads: contact, need, stage, tasks and timeline.", ["tutor:jobs:read", "tutor:jobs:write"]],
  ]),
];

/**
 * Platform screens, for devops accounts whatever their workspace or displayed role: no area
 * of their own, each a bare page whose loader checks user.devops (they link to each other);
 * the API refuses everyone else the same (DEVOPS access).
 */
export const PLATFORM_ROUTES: readonly RouteEntry[] = [
  {
    path: "/platform/inbox",
    title: "Platform inbox",
    description: "Contact messages and affiliate applications sent through the public site.",
    requiresAuth: true,
    roles: [],
    permissions: [],
    layout: "bare",
  },
  {
    path: "/platform/system",
    title: "Platform status",
    description: "The install's version, database, mail, files and jobs.",
    requiresAuth: true,
    roles: [],
    permissions: [],
    layout: "bare",
  },
];

export const ROUTE_TABLE: readonly RouteEntry[] = [...PUBLIC_ROUTES, ...ENQUIRY_ROUTES, SETUP_2FA_ROUTE, ...PLATFORM_ROUTES, ...AREA_ROUTES];

/** Whether a path matches a route's pattern, where ":name" stands for one non-empty segment. */
function matches(pattern: string, path: string): boolean {
  if (!pattern.includes(":")) return pattern === path;
  const expected = pattern.split("/");
  const actual = path.split("/");
  return expected.length === actual.length && expected.every((segment, index) => (segment.startsWith(":") ? actual[index] !== "" : segment === actual[index]));
}

export function findRoute(pathname: string): RouteEntry | undefined {
  const path = normalisePath(pathname);
  return ROUTE_TABLE.find((route) => route.path === path) ?? ROUTE_TABLE.find((route) => matches(route.path, path));
}

/** Whether a route has :params (a record's page): never pre-rendered nor measured as a first screen. */
export const hasParams = (route: RouteEntry): boolean => route.path.includes(":");

/** The screens of an area's navigation, in order (record pages are reached from them). */
export function areaRoutesOf(role: MemberRole): RouteEntry[] {
  return AREA_ROUTES.filter((route) => route.layout === role && route.navLabel !== undefined);
}
