import { Checkbox, Text, Textarea, TextInput } from "@mantine/core";
import { WORKSPACE_ENQUIRY_FIELDS, workspaceEnquiryBody } from "../../../shared/workspace-enquiry-values.ts";
import { api } from "../../lib/api-client.ts";
import { zodFormValidator } from "../../lib/zod-forms.ts";
import { EnquiryFormFrame } from "./enquiry-form-frame.tsx";
import { SentNotice } from "./sent-notice.tsx";
import { useEnquiryForm } from "./use-enquiry-form.ts";

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

/**
 * The enquiry form: posted as a plain form to the page's own address without JavaScript (the
 * server answers), sent as JSON to the API with it, each refusal under its field, then the
 * notice in its place. Loaded after the page's first render (the public pages' budget); the
 * pre-rendered page holds its HTML all the same.
 */
export function WorkspaceEnquiryForm({ slug, name, search }: { slug: string; name: string; search: string }) {
  const send = (values: Record<string, string>) =>
    api.post(`/public/workspaces/${encodeURIComponent(slug)}/enquiries`, workspaceEnquiryBody(values, new URLSearchParams(search)));
  const { form, submit, sent, failure, sendAnother } = useEnquiryForm({
    fields: WORKSPACE_ENQUIRY_FIELDS,
    validate: (values) => checkEnquiry(values, search),
    send,
  });

  if (sent) {
    return (
      <SentNotice title="Enquiry sent" againLabel="Send another enquiry" onAgain={sendAnother}>
        Thank you: {name} received your enquiry and will answer you by email or phone, usually within a working day.
      </SentNotice>
    );
  }
  return (
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
  );
}
