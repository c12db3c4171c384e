import { Anchor, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import { WorkspaceEnquiryForm } from "./deferred-forms.tsx";
import { NAME_ATTRIBUTE, useWorkspaceName } from "./workspace-enquiry.ts";

/** The page around the form and the thank-you: the business's page, with Glassroom named small at the foot. */
function EnquiryShell({ slug, name, children }: { slug: string; name: string; children: ReactNode }) {
  return (
    <Container size={680} py="xl" px="md" component="main" {...{ [NAME_ATTRIBUTE]: name }} data-workspace-slug={slug}>
      <Stack gap="lg">
        {children}
        <Text size="xs" c="dimmed">
          Enquiries to {name} are handled on{" "}
          <Anchor href="/" size="xs" target="_top" underline="always">
            Glassroom
          </Anchor>
          , the tutoring platform {name} uses.
        </Text>
      </Stack>
    </Container>
  );
}

function useSlug(): string {
  return useParams().slug ?? "";
}

function NameLoading({ missing }: { missing: boolean }) {
  return (
    <Container size={680} py="xl" component="main">
      {missing ? (
        <Title order={1}>No tutoring business has this enquiry page</Title>
      ) : (
        <Group justify="center">
          <Loader aria-label="Loading the enquiry page" />
        </Group>
      )}
    </Container>
  );
}

/** /enquire/:slug: a family asks the business about lessons; what they send becomes a lead. */
export function WorkspaceEnquiryPage() {
  const slug = useSlug();
  const { search } = useLocation();
  const { name, missing } = useWorkspaceName(slug);
  if (name === null) return <NameLoading missing={missing} />;
  return (
    <EnquiryShell slug={slug} name={name}>
      <Stack gap="xs">
        <Title order={1}>Enquire with {name}</Title>
        <Text>Tell {name} about the lessons you are looking for. They answer every enquiry, usually within a working day.</Text>
      </Stack>
      {/* Without JavaScript the server lists here what it refused (src/server/spa/enquiry-pages.ts). */}
      <div id="enquiry-errors"></div>
      <WorkspaceEnquiryForm slug={slug} name={name} search={search} />
    </EnquiryShell>
  );
}

/** /enquire/:slug/sent: where the form lands when it was posted without JavaScript. */
export function WorkspaceEnquirySentPage() {
  const slug = useSlug();
  const { name, missing } = useWorkspaceName(slug);
  if (name === null) return <NameLoading missing={missing} />;
  return (
    <EnquiryShell slug={slug} name={name}>
      <Title order={1}>Enquiry sent</Title>
      <Text>Thank you: {name} received your enquiry and will answer you by email or phone, usually within a working day.</Text>
      <Anchor component={Link} to={`/enquire/${slug}`} reloadDocument>
        Send another enquiry
      </Anchor>
    </EnquiryShell>
  );
}
