/* global document, Element, localStorage, navigator, fetch, history */
// The only script of a content page (src/web/lib/content-page.ts: those pages ship no
// framework). What React does on the other pages, in plain DOM code: the theme switch
// (theme-switch.tsx), a template's Copy button (features/marketing/copy-block.tsx), the 404's
// Go Back (routes/not-found.tsx), closing the header's <details> menus on Escape or a click
// elsewhere, and a member's way to their dashboard in the header (public-header.tsx). Loaded by
// the root as a file of the build, which the Content-Security-Policy allows as 'self'.
const html = document.documentElement;
const openMenus = () => document.querySelectorAll(".public-header details[open]");

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(".theme-switch")) {
    const scheme = html.dataset.mantineColorScheme === "dark" ? "light" : "dark";
    html.dataset.mantineColorScheme = scheme;
    // Mantine's own key: its color scheme script applies the choice on every next page.
    try {
      localStorage.setItem("mantine-color-scheme-value", scheme);
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
  }
  if (target?.closest("[data-go-back]")) history.back();
  const copyButton = target?.closest("[data-copy-button]");
  if (copyButton) void copyTemplate(copyButton.closest(".template-block"));
});

async function copyTemplate(block) {
  const status = block.querySelector(".copy-status");
  try {
    await navigator.clipboard.writeText(block.querySelector("pre").textContent);
    status.textContent = status.dataset.copied;
  } catch {
    status.textContent = status.dataset.failed;
  }
}

document.addEventListener("pointerdown", (event) => {
  for (const menu of openMenus()) if (!menu.contains(event.target)) menu.open = false;
});

// Escape closes the open menu and returns focus to its button.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const menu of openMenus()) {
    menu.open = false;
    menu.querySelector("summary").focus();
  }
});

// A signed-in member sees "Go to dashboard" instead of Sign in and sign-up, as useViewer gives
// the header on the other pages: the session is read first (a visitor gets 200 with null, no
// failed request), then the member's role.
async function showDashboardLink(actions) {
  const session = await fetch("/api/auth/get-session").then((response) => (response.ok ? response.json() : null));
  if (!session) return;
  const me = await fetch("/api/me").then((response) => (response.ok ? response.json() : null));
  if (!me || !actions.dataset.accountActions.split(" ").includes(me.role)) return;
  const [signIn, start] = actions.querySelectorAll("a");
  signIn.remove();
  start.href = `/${me.role}/dashboard`;
  start.querySelector(".mantine-Button-label").textContent = "Go to dashboard";
}

const accountActions = document.querySelector("[data-account-actions]");
if (accountActions) showDashboardLink(accountActions).catch(() => {});
