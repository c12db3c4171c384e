import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { AREA_ROUTES, PLATFORM_ROUTES, PUBLIC_ROUTES, SETUP_2FA_ROUTE } from "../shared/route-table.ts";
import { MEMBER_ROLES } from "../shared/roles.ts";
import { readAllContent } from "../../content/files.ts";

/**
 * The router is generated from the route table in src/shared: every path there exists here,
 * and nothing else does but the pages of content/ (below) and the 404 catch-all.
 */
const PUBLIC_SCREENS: Record<string, string> = {
  "/": "routes/marketing/home.tsx",
  "/solutions/solo-tutors": "routes/marketing/solo-tutors.tsx",
  "/solutions/tutoring-companies": "routes/marketing/tutoring-companies.tsx",
  "/product/overview": "routes/marketing/product-overview.tsx",
  "/product/sessions": "routes/marketing/product-sessions.tsx",
  "/product/health": "routes/marketing/product-health.tsx",
  "/product/people": "routes/marketing/product-people.tsx",
  "/product/pricing": "routes/marketing/pricing.tsx",
  "/resources/tutoring-consultant-kit": "routes/marketing/consultant-kit.tsx",
  "/resources/templates-scripts": "routes/marketing/templates-scripts.tsx",
  "/company/about": "routes/marketing/about.tsx",
  "/company/security-privacy": "routes/marketing/security-privacy.tsx",
  "/login": "routes/auth/login.tsx",
  "/signup": "routes/auth/signup.tsx",
  "/forgot-password": "routes/auth/forgot-password.tsx",
  "/reset-password": "routes/auth/reset-password.tsx",
  "/confirm-email": "routes/auth/confirm-email.tsx",
  "/setup-2fa": "routes/auth/setup-2fa.tsx",
  "/invite": "routes/auth/invite.tsx",
  "/company/contact": "routes/marketing/contact.tsx",
  "/partners/affiliates": "routes/marketing/affiliates.tsx",
  "/resources/blog": "routes/marketing/blog.tsx",
  "/resources/case-studies": "routes/marketing/case-studies.tsx",
};

/**
 * The screen of each kind of content/ page. Each Markdown file is a route of its own (and is
 * pre-rendered: react-router.config.ts lists them), not one route with a :slug parameter, so
 * that an unknown post is the 404 screen like any unknown path.
 */
const CONTENT_SCREENS = { blog: "routes/marketing/blog-post.tsx", "case-studies": "routes/marketing/case-study.tsx" } as const;

/** Devops-only screens (route table: PLATFORM_ROUTES), each a bare page. */
const PLATFORM_SCREENS: Record<string, string> = {
  "/platform/inbox": "routes/platform/inbox.tsx",
  "/platform/system": "routes/platform/system.tsx",
};

const AREA_SCREENS: Record<string, string> = {
  "/admin/dashboard": "routes/admin/dashboard.tsx",
  "/admin/approvals": "routes/admin/approvals.tsx",
  "/admin/growthplaybook": "routes/admin/growth-playbook.tsx",
  "/admin/students": "routes/admin/students.tsx",
  "/admin/calendar": "routes/admin/calendar.tsx",
  "/admin/health": "routes/admin/health.tsx",
  "/admin/health/rules": "routes/admin/health-rules.tsx",
  "/admin/health/alerts": "routes/admin/health-alerts.tsx",
  "/admin/students/:studentId": "routes/admin/student-detail.tsx",
  "/admin/tutors": "routes/admin/tutors.tsx",
  "/admin/tutors/:memberId": "routes/admin/tutor-detail.tsx",
  "/admin/sessions/:sessionId": "routes/shared/session.tsx",
  "/admin/members": "routes/admin/members.tsx",
  "/admin/billing": "routes/admin/billing.tsx",
  "/admin/billing/invoices/:invoiceId": "routes/admin/billing-invoice.tsx",
  "/admin/billing/accounts/:accountId": "routes/admin/billing-account.tsx",
  "/admin/billing/disputes/:disputeId": "routes/admin/billing-dispute.tsx",
  "/admin/billing/payments/:paymentId": "routes/admin/billing-payment.tsx",
  "/admin/pay": "routes/admin/pay.tsx",
  "/admin/pay/tutors/:memberId": "routes/admin/pay-tutor.tsx",
  "/admin/pay/runs/:payRunId": "routes/admin/pay-run.tsx",
  "/admin/reports": "routes/admin/reports.tsx",
  "/admin/crm": "routes/shared/crm.tsx",
  "/admin/crm/leads/:leadId": "routes/shared/crm-lead.tsx",
  "/admin/resources": "routes/shared/resources.tsx",
  "/admin/system": "routes/admin/system.tsx",
  "/admin/settings": "routes/shared/settings.tsx",
  "/tutor/dashboard": "routes/tutor/dashboard.tsx",
  "/tutor/students": "routes/tutor/students.tsx",
  "/tutor/students/:studentId": "routes/tutor/student.tsx",
  "/tutor/alerts": "routes/shared/alerts.tsx",
  "/tutor/calendar": "routes/tutor/calendar.tsx",
  "/tutor/sessions/:sessionId": "routes/shared/session.tsx",
  "/tutor/reports": "routes/tutor/reports.tsx",
  "/tutor/pay": "routes/tutor/pay.tsx",
  "/tutor/crm": "routes/shared/crm.tsx",
  "/tutor/crm/leads/:leadId": "routes/shared/crm-lead.tsx",
  "/tutor/resources": "routes/shared/resources.tsx",
  "/tutor/settings": "routes/shared/settings.tsx",
  "/parent/dashboard": "routes/parent/dashboard.tsx",
  "/parent/students": "routes/parent/students.tsx",
  "/parent/students/:studentId": "routes/parent/student.tsx",
  "/parent/health-rules": "routes/parent/health-rules.tsx",
  "/parent/alerts": "routes/shared/alerts.tsx",
  "/parent/billings": "routes/parent/billings.tsx",
  "/parent/billings/invoices/:invoiceId": "routes/parent/billing-invoice.tsx",
  "/parent/billings/disputes/:disputeId": "routes/parent/billing-dispute.tsx",
  "/parent/billings/checkout/:attemptId": "routes/parent/billing-checkout.tsx",
  "/parent/sessions/:sessionId": "routes/shared/session.tsx",
  "/parent/resources": "routes/shared/resources.tsx",
  "/parent/settings": "routes/shared/settings.tsx",
  "/student/dashboard": "routes/student/dashboard.tsx",
  "/student/profile": "routes/student/profile.tsx",
  "/student/calendar": "routes/student/calendar.tsx",
  "/student/sessions/:sessionId": "routes/shared/session.tsx",
  "/student/reports": "routes/student/reports.tsx",
  "/student/resources": "routes/shared/resources.tsx",
  "/student/settings": "routes/shared/settings.tsx",
};

/** Every screen of an area has its module: a route without one is a mistake, not a placeholder. */
function screenOf(path: string): string {
  const screen = AREA_SCREENS[path];
  if (!screen) throw new Error(`The route ${path} has no screen in AREA_SCREENS.`);
  return screen;
}

const idOf = (path: string) => (path === "/" ? "home" : path.slice(1).replaceAll("/", "-").replaceAll(":", ""));
const relative = (path: string) => path.slice(1);

export default [
  layout("components/layouts/public-layout.tsx", [
    ...PUBLIC_ROUTES.filter((entry) => entry.layout === "public").map((entry) =>
      route(entry.path, PUBLIC_SCREENS[entry.path] ?? "routes/marketing/page.tsx", { id: idOf(entry.path) }),
    ),
    route(SETUP_2FA_ROUTE.path, PUBLIC_SCREENS[SETUP_2FA_ROUTE.path]!, { id: idOf(SETUP_2FA_ROUTE.path) }),
    ...readAllContent().map((entry) => route(entry.path, CONTENT_SCREENS[entry.kind], { id: idOf(entry.path) })),
  ]),
  route("/permission-denied", "routes/permission-denied.tsx", { id: "permission-denied" }),
  route("/enquire/:slug", "routes/enquire/form.tsx", { id: "enquire" }),
  route("/enquire/:slug/sent", "routes/enquire/sent.tsx", { id: "enquire-sent" }),
  ...PLATFORM_ROUTES.map((entry) => route(entry.path, PLATFORM_SCREENS[entry.path]!, { id: idOf(entry.path) })),
  ...MEMBER_ROLES.map((role) =>
    layout("components/layouts/area-layout.tsx", { id: `${role}-area` }, [
      ...AREA_ROUTES.filter((entry) => entry.layout === role).map((entry) => route(relative(entry.path), screenOf(entry.path), { id: idOf(entry.path) })),
    ]),
  ),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
