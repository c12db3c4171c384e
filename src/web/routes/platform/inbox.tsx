import "../../styles/mantine-areas.css";
import { Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { ClientLoaderFunctionArgs } from "react-router";
import { ENQUIRY_KINDS, ENQUIRY_PAGE_SIZE, type EnquiryKind } from "../../../shared/schemas/enquiry-options.ts";
import { AuthLoading } from "../../components/ui/auth-loading.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { EnquiryCard } from "../../features/enquiries/enquiry-card.tsx";
import { useEnquiries } from "../../features/enquiries/inbox-api.ts";
import { metaFor } from "../../lib/meta.ts";
import { PlatformPage, requireDevops } from "./platform-page.tsx";

export const meta = () => metaFor("/platform/inbox");

export function clientLoader({ request }: ClientLoaderFunctionArgs) {
  return requireDevops(request, "The platform inbox");
}

export function HydrateFallback() {
  return <AuthLoading />;
}

const KIND_OPTIONS = [
  { value: "", label: "Everything" },
  ...ENQUIRY_KINDS.map((kind) => ({ value: kind, label: kind === "contact" ? "Contact messages" : "Affiliate applications" })),
];

/** The platform inbox: what visitors sent through the public site's forms, newest first. */
export default function PlatformInbox() {
  const [kind, setKind] = useState<EnquiryKind | null>(null);
  const [page, setPage] = useState(1);
  const enquiries = useEnquiries(kind, page);

  return (
    <PlatformPage
      current="/platform/inbox"
      title="Platform inbox"
      description="Contact messages and affiliate applications sent through the public site, newest first. Each was also mailed to OPERATOR_EMAIL when it is set."
      size="md"
    >
      <NativeSelect
        label="Show"
        data={KIND_OPTIONS}
        value={kind ?? ""}
        w={260}
        onChange={(event) => {
          setKind((event.currentTarget.value || null) as EnquiryKind | null);
          setPage(1);
        }}
      />
      <QueryState query={enquiries} label="the inbox">
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / ENQUIRY_PAGE_SIZE));
          if (data.total === 0) return <Text>Nothing here yet: messages sent from the contact and affiliate pages will appear here.</Text>;
          return (
            <Stack gap="md">
              <Text size="sm" c="dimmed" aria-live="polite">
                {data.total} {data.total === 1 ? "message" : "messages"} · page {data.page} of {pages}
              </Text>
              {data.items.map((enquiry) => (
                <EnquiryCard key={enquiry.id} enquiry={enquiry} />
              ))}
              <Group component="nav" aria-label="Inbox pages">
                <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous page
                </Button>
                <Button variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  Next page
                </Button>
              </Group>
            </Stack>
          );
        }}
      </QueryState>
    </PlatformPage>
  );
}
