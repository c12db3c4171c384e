import "../../styles/mantine-areas.css";
import { Button, Container, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { redirect, type ClientLoaderFunctionArgs } from "react-router";
import { ENQUIRY_KINDS, ENQUIRY_PAGE_SIZE, type EnquiryKind } from "../../../shared/schemas/enquiry-options.ts";
import { AuthLoading } from "../../components/ui/auth-loading.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { SkipLink } from "../../components/ui/skip-link.tsx";
import { EnquiryCard } from "../../features/enquiries/enquiry-card.tsx";
import { useEnquiries } from "../../features/enquiries/inbox-api.ts";
import { guard } from "../../features/session/guards.ts";
import { metaFor } from "../../lib/meta.ts";
import { PlatformLinks } from "./platform-links.tsx";

export const meta = () => metaFor("/platform/inbox");

/** Signed in (else the sign-in page), and a devops account (else permission denied): the API checks the same. */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const me = await guard(request);
  if (!me.user.devops) {
    const url = new URL(request.url);
    throw redirect(`/permission-denied?${new URLSearchParams({ reason: "The platform inbox is for devops (platform) accounts only.", from: url.pathname })}`);
  }
  return null;
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
    <>
      <SkipLink />
      <Container size="md" py="xl" component="main" id="main" tabIndex={-1}>
        <Stack gap="lg">
          <Stack gap={4}>
            <PlatformLinks current="/platform/inbox" />
            <Title order={1}>Platform inbox</Title>
            <Text c="dimmed">
              Contact messages and affiliate applications sent through the public site, newest first. Each was also mailed to OPERATOR_EMAIL when it is set.
            </Text>
          </Stack>
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
        </Stack>
      </Container>
    </>
  );
}
