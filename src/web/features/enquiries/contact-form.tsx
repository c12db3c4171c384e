import { NativeSelect, Text, Textarea, TextInput } from "@mantine/core";
import { CONTACT_TOPIC_LABELS, CONTACT_TOPICS, HONEYPOT_FIELD } from "../../../shared/schemas/enquiry-options.ts";
import { deferredZodValidator } from "../../lib/zod-forms.ts";
import { EnquiryFormFrame } from "./enquiry-form-frame.tsx";
import { sendContact } from "./send.ts";
import { SentNotice } from "./sent-notice.tsx";
import { useEnquiryForm } from "./use-enquiry-form.ts";

// The rules load after the first render (zod is about 25 KB of gzip: lib/zod-forms.ts).
const rules = deferredZodValidator(() => import("../../../shared/schemas/enquiries.ts").then((module) => module.contactRequestSchema));
const FIELDS = ["name", "email", "organisation", "topic", "message", HONEYPOT_FIELD] as const;

/** The contact page's form: the API's rules, each refusal under its field, then a confirmation. */
export function ContactForm() {
  const { form, submit, sent, failure, sendAnother } = useEnquiryForm({ fields: FIELDS, validate: rules.check, send: sendContact });

  if (sent) {
    return (
      <SentNotice title="Message sent" againLabel="Send another message" onAgain={sendAnother}>
        Thank you: your message reached the Glassroom team. We answer by email, to the address you gave.
      </SentNotice>
    );
  }

  return (
    <EnquiryFormFrame
      label="Contact form"
      onSubmit={submit}
      failure={failure}
      failureTitle="Your message was not sent"
      submitting={form.submitting}
      submitLabel="Send message"
    >
      <TextInput label="Your name" autoComplete="name" required {...form.field("name")} />
      <TextInput label="Email" type="email" autoComplete="email" description="We reply to this address." required {...form.field("email")} />
      <TextInput
        label="Organisation"
        autoComplete="organization"
        description="Optional: your tutoring business, school or publication."
        {...form.field("organisation")}
      />
      <NativeSelect label="Topic" required defaultValue="" {...form.field("topic")}>
        <option value="" disabled>
          Choose a topic
        </option>
        {CONTACT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {CONTACT_TOPIC_LABELS[topic]}
          </option>
        ))}
      </NativeSelect>
      <Textarea label="Message" description="10 to 5,000 characters." rows={6} required {...form.field("message")} />
      <Text size="sm" c="dimmed">
        What you send is kept so the team can answer it, and is read only by the people who run Glassroom.
      </Text>
    </EnquiryFormFrame>
  );
}
