import { Anchor, Checkbox, Container, Group, Loader, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import { WORKSPACE_ENQUIRY_FIELDS, workspaceEnquiryBody } from "../../../shared/workspace-enquiry-values.ts";
import { api } from "../../lib/api-client.ts";
import { zodFormValidator } from "../../lib/forms.ts";
import { EnquiryFormFrame } from "./enquiry-form-frame.tsx";
import { SentNotice } from "./sent-notice.tsx";
import { useEnquiryForm } from "./use-enquiry-form.ts";
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
  const send = (values: Record<string, string>) =>
    api.post(`/public/workspaces/${encodeURIComponent(slug)}/enquiries`, workspaceEnquiryBody(values, new URLSearchParams(search)));
  const { form, submit, sent, failure, sendAnother } = useEnquiryForm({
    fields: WORKSPACE_ENQUIRY_FIELDS,
    validate: (values) => checkEnquiry(values, search),
    send,
  });
  if (name === null) return <NameLoading missing={missing} />;

  if (sent) {
    return (
      <EnquiryShell slug={slug} name={name}>
        <Title order={1}>Enquire with {name}</Title>
        <SentNotice title="Enquiry sent" againLabel="Send another enquiry" onAgain={sendAnother}>
          Thank you: {name} received your enquiry and will answer you by email or phone, usually within a working day.
        </SentNotice>
      </EnquiryShell>
    );
  }

  return (
    <EnquiryShell slug={slug} name={name}>
      <Stack gap="xs">
        <Title order={1}>Enquire with {name}</Title>
        <Text>Tell {name} about the lessons you are looking for. They answer every enquiry, usually within a working day.</Text>
      </Stack>
      {/* Without JavaScript the server lists here what it refused (src/server/features/crm/enquiry-page.ts). */}
      <div id="enquiry-errors"></div>
      <EnquiryFormFrame
        label={`Enquiry to ${name}`}
        action={`/enquire/${slug}${search}`}
        onSubmit={submit}
        failure={failure}
        failureTitle="Your enquiry was not sent"
        submitting={form.submitting}
        submitLabel="Send enquiry"
      >
        <TextInput label="Your name" autoComplete="name" required {...form.field("guardianName")} />
        <TextInput label="Student's name" description="If the lessons are for someone else." autoComplete="off" {...form.field("studentName")} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.field("email")} />
        <TextInput label="Phone" type="tel" autoComplete="tel" description="Optional, if you would rather be called." {...form.field("phone")} />
        <TextInput label="Subjects" description="Separate several with commas, for example: Maths, Physics." {...form.field("subjects")} />
        <TextInput label="Level" description="A year, grade or exam, for example: Year 10, GCSE." {...form.field("level")} />
        <TextInput label="Preferred times" description="For example: weekday evenings after 5 pm." {...form.field("preferredTimes")} />
        <Textarea label="Message" description="Anything else that helps: goals, dates, questions." rows={4} {...form.field("message")} />
        <Checkbox
          label={`I agree that ${name} may contact me about this enquiry.`}
          value="true"
          name="consent"
          error={form.field("consent").error}
          onChange={form.field("consent").onChange}
        />
        <Text size="sm" c="dimmed">
          What you send goes to {name} only. It is kept to answer your enquiry and deleted automatically if you do not enrol.
        </Text>
      </EnquiryFormFrame>
    </EnquiryShell>
  );
}

/** The API's rules (loaded on the first send: zod stays out of the page's first load) on the body the form's text becomes. */
async function checkEnquiry(values: Record<string, string>, search: string) {
  const body = workspaceEnquiryBody(values, new URLSearchParams(search));
  try {
    const schema = await import("../../../shared/schemas/crm.ts").then((module) => module.publicEnquirySchema);
    return zodFormValidator(schema)(body);
  } catch {
    // Without the rules (the connection dropped) the API checks the same and names each field.
    return {};
  }
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
