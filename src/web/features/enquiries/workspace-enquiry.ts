import { useEffect, useState } from "react";
import { ENQUIRY_SHELL_SLUG, WORKSPACE_NAME_TOKEN } from "../../../shared/public-routes.ts";
import type { EnquiryForm } from "../../../shared/schemas/crm.ts";
import { api } from "../../lib/api-client.ts";

/** The attribute on the page's <main> where the server wrote the workspace's name. */
export const NAME_ATTRIBUTE = "data-workspace-name";

/**
 * The name on the workspace's enquiry page. The page is served as a pre-rendered shell with
 * the name written in by the server, so the first render reads it from there (and so matches
 * the HTML it hydrates); when the page was reached inside the app instead, it is fetched.
 * While pre-rendering, the name is the token the server replaces.
 */
export function useWorkspaceName(slug: string): { name: string | null; missing: boolean } {
  const [name, setName] = useState<string | null>(() => {
    if (typeof document === "undefined") return WORKSPACE_NAME_TOKEN;
    const written = document.querySelector(`main[${NAME_ATTRIBUTE}]`)?.getAttribute(NAME_ATTRIBUTE);
    return written && written !== WORKSPACE_NAME_TOKEN ? written : null;
  });
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (name !== null || slug === ENQUIRY_SHELL_SLUG) return;
    api.get<EnquiryForm>(`/public/workspaces/${encodeURIComponent(slug)}/enquiry-form`).then(
      (form) => setName(form.workspaceName),
      () => setMissing(true),
    );
  }, [name, slug]);
  return { name, missing };
}
