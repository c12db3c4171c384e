import { Checkbox, Textarea, TextInput } from "@mantine/core";
import { HONEYPOT_FIELD } from "../../../shared/schemas/enquiry-options.ts";
import { deferredZodValidator } from "../../lib/zod-forms.ts";
import { EnquiryFormFrame } from "./enquiry-form-frame.tsx";
import { sendAffiliateApplication } from "./send.ts";
import { SentNotice } from "./sent-notice.tsx";
import { useEnquiryForm } from "./use-enquiry-form.ts";

const FIELDS = ["name", "email", "website", "country", "audience", "promotion", "agreeToTerms", HONEYPOT_FIELD] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The form's values as the API takes them: the terms box is a yes or no, not the text "on". */
const toRequest = (values: Values) => ({ ...values, agreeToTerms: values.agreeToTerms === "on" });

// The rules load after the first render (zod is about 25 KB of gzip: lib/zod-forms.ts).
const rules = deferredZodValidator<ReturnType<typeof toRequest>>(() =>
  import("../../../shared/schemas/enquiries.ts").then((module) => module.affiliateRequestSchema),
);

/** The affiliate programme's application: the API's rules, each refusal under its field, then a confirmation. */
export function AffiliateForm() {
  const { form, submit, sent, failure, sendAnother } = useEnquiryForm({
    fields: FIELDS,
    validate: (values) => rules.check(toRequest(values)),
    send: (values) => sendAffiliateApplication(toRequest(values)),
  });

  if (sent) {
    return (
      <SentNotice title="Application received" againLabel="Send another application" onAgain={sendAnother}>
        Thank you for applying. We read every application and answer by email, with your referral link if it is a fit or the reason if it is not.
      </SentNotice>
    );
  }

  return (
    <EnquiryFormFrame
      label="Affiliate application"
      onSubmit={submit}
      failure={failure}
      failureTitle="Your application was not sent"
      submitting={form.submitting}
      submitLabel="Apply to the programme"
    >
      <TextInput label="Your name" autoComplete="name" required {...form.field("name")} />
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        description="We send your answer and, once approved, your referral link here."
        required
        {...form.field("email")}
      />
      <TextInput
        label="Website or audience URL"
        type="url"
        autoComplete="url"
        description="Optional: your site, newsletter, channel or profile, starting with https://."
        {...form.field("website")}
      />
      <TextInput label="Country" autoComplete="country-name" description="Where you are based, for paying commission." required {...form.field("country")} />
      <Textarea
        label="Your audience"
        description="Who follows or works with you, and roughly how many: for example tutors, tutoring companies or parents. 20 to 2,000 characters."
        rows={4}
        required
        {...form.field("audience")}
      />
      <Textarea
        label="How you will promote Glassroom"
        description="Articles, newsletters, videos, workshops, client recommendations… 20 to 2,000 characters."
        rows={4}
        required
        {...form.field("promotion")}
      />
      <Checkbox label="I have read the programme terms above and agree to them." required {...form.field("agreeToTerms")} />
    </EnquiryFormFrame>
  );
}
