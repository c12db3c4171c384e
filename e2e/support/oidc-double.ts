/**
 * An OpenID Connect provider standing in for Google in the end-to-end tests (oidc-provider
 * v9). It serves the paths googleEndpoints() expects of GOOGLE_ISSUER (/auth, /token, /me),
 * knows one client (the e2e GOOGLE_CLIENT_ID/SECRET, redirect URI
 * APP_URL/api/auth/callback/google, client_secret_post, PKCE required), and asks the browser
 * for the Google account (email and name) and then for consent, on two small pages a test
 * fills in like a person would. Like Google, its ID tokens carry email, email_verified and name.
 *
 * Run as a script (second webServer of playwright.config.ts) it listens on OIDC_PORT.
 */
import { createHash, generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import Provider from "oidc-provider";
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REDIRECT_URI, OIDC_ISSUER, OIDC_PORT } from "./constants.ts";

interface GoogleAccount {
  email: string;
  name: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f1f1f}label{display:block;margin-top:1rem}input{display:block;width:100%;padding:.5rem;margin-top:.25rem}button{margin-top:1.5rem;margin-right:.5rem;padding:.5rem 1rem}</style>
</head>
<body><main><p>Google (test double)</p><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

export function accountIdOf(email: string): string {
  return `google-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 20)}`;
}

export function createOidcDouble(options: { issuer?: string; clientId?: string; clientSecret?: string; redirectUris?: string[] } = {}) {
  const accounts = new Map<string, GoogleAccount>();
  const issuer = options.issuer ?? OIDC_ISSUER;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId ?? GOOGLE_CLIENT_ID,
        client_secret: options.clientSecret ?? GOOGLE_CLIENT_SECRET,
        redirect_uris: options.redirectUris ?? [GOOGLE_REDIRECT_URI],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    // Google puts the profile claims in the ID token too (Better Auth reads them from there).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["glassroom-e2e-oidc-double-cookie-key"] },
    jwks: { keys: [{ ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), use: "sig", alg: "RS256", kid: "e2e" }] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      const [given, ...family] = account.name.split(" ");
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name, given_name: given, family_name: family.join(" ") }),
      };
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = "html";
      ctx.body = page("Sign-in error", `<pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`);
    },
  });

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, page("Sign-in error", "<p>This sign-in step has expired.</p>"));
    const action = `/interaction/${encodeURIComponent(uid)}`;

    if (req.method === "GET") {
      if (details.prompt.name === "login") {
        return send(
          res,
          200,
          page(
            "Sign in",
            `<p>to continue to Glassroom</p>
<form method="post" action="${action}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="google.user@example.com">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name" required value="Grace Google">
<button type="submit">Next</button>
</form>`,
          ),
        );
      }
      if (details.prompt.name === "consent") {
        const scopes = String(details.params.scope ?? "")
          .split(" ")
          .filter(Boolean);
        return send(
          res,
          200,
          page(
            "Glassroom wants to access your Google Account",
            `<ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join("")}</ul>
<form method="post" action="${action}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`,
          ),
        );
      }
      return send(res, 501, page("Sign-in error", `<p>Unsupported prompt ${escapeHtml(details.prompt.name)}.</p>`));
    }

    const form = await readForm(req);
    if (details.prompt.name === "login") {
      const email = (form.get("email") ?? "").trim().toLowerCase();
      const name = (form.get("name") ?? "").trim() || email;
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) return send(res, 422, page("Sign in", '<p role="alert">Enter an email address.</p>'));
      const accountId = accountIdOf(email);
      accounts.set(accountId, { email, name });
      return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === "consent") {
      if (form.get("decision") !== "allow") {
        return provider.interactionFinished(req, res, { error: "access_denied", error_description: "The user cancelled." }, { mergeWithLastSubmission: false });
      }
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId: details.session!.accountId!, clientId: details.params.client_id }))
        : new provider.Grant({ accountId: details.session!.accountId!, clientId: details.params.client_id });
      if (details.prompt.details.missingOIDCScope) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(" "));
      if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }
    return send(res, 501, page("Sign-in error", "<p>Unsupported prompt.</p>"));
  }

  const handleProvider = provider.callback();
  const server: Server = createServer((req, res) => {
    const match = new URL(req.url ?? "/", issuer).pathname.match(/^\/interaction\/([\w-]+)$/);
    if (!match) return handleProvider(req, res);
    interaction(req, res, match[1]!).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, page("Sign-in error", `<pre>${escapeHtml(String(error))}</pre>`));
      else res.end();
    });
  });
  return { provider, server, accounts };
}

export async function startOidcDouble(port = OIDC_PORT, options: Parameters<typeof createOidcDouble>[0] = {}) {
  const double = createOidcDouble(options);
  await new Promise<void>((resolve, reject) => {
    double.server.once("error", reject);
    double.server.listen(port, () => resolve());
  });
  return {
    ...double,
    close: () =>
      new Promise<void>((resolve) => {
        double.server.closeAllConnections();
        double.server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const double = await startOidcDouble();
  process.stdout.write(`OpenID Connect test double listening on ${OIDC_ISSUER}\n`);
  const shutdown = () => void double.close().then(() => process.exit(0));
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
