import { Button, Group, Modal, Select, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useNavigate } from "react-router";
import {
  CONSENT_BASES,
  type ConsentBasis,
  LEAD_SOURCES,
  type LeadCreate,
  type LeadDetail,
  type LeadSource,
  type LeadUpdate,
  leadCreateSchema,
  leadUpdateSchema,
} from "../../../../shared/schemas/crm.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { COMMON_SUBJECTS } from "../../students/format.ts";
import { type CrmArea, leadHref, useCreateLead, useStaff, useUpdateLead } from "../api.ts";
import { CONSENT_LABELS, leadTitle, SOURCE_LABELS } from "../format.ts";

export interface LeadFormValues {
  guardianName: string;
  studentName: string;
  email: string;
  phone: string;
  subjects: string[];
  level: string;
  preferredTimes: string;
  notes: string;
  source: LeadSource;
  consentBasis: ConsentBasis;
  ownerMemberId: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

const EMPTY: LeadFormValues = {
  guardianName: "",
  studentName: "",
  email: "",
  phone: "",
  subjects: [],
  level: "",
  preferredTimes: "",
  notes: "",
  source: "phone",
  consentBasis: "pre_contract",
  ownerMemberId: "",
  utmSource: "",
  utmMedium: "",
  utmCampaign: "",
};

const UTM_FIELDS = { source: "utmSource", medium: "utmMedium", campaign: "utmCampaign" } as const;

/** The field an issue names: the UTM parameters are three fields of their own. */
const fieldOf = (path: readonly PropertyKey[], values: LeadFormValues) => {
  const [first, second] = path;
  if (first === "utm" && typeof second === "string" && second in UTM_FIELDS) return UTM_FIELDS[second as keyof typeof UTM_FIELDS];
  return typeof first === "string" && first in values ? first : null;
};

const contact = (values: LeadFormValues) => ({
  guardianName: values.guardianName,
  studentName: values.studentName,
  email: values.email,
  phone: values.phone,
  subjects: values.subjects,
  level: values.level,
  preferredTimes: values.preferredTimes,
  notes: values.notes,
});

function toCreate(values: LeadFormValues): LeadCreate {
  const utm = values.source === "campaign" ? { source: values.utmSource, medium: values.utmMedium, campaign: values.utmCampaign } : undefined;
  return {
    ...contact(values),
    source: values.source,
    consentBasis: values.consentBasis,
    ...(utm ? { utm } : {}),
    ...(values.ownerMemberId ? { ownerMemberId: values.ownerMemberId } : {}),
  } as LeadCreate;
}

/** The contact and need of a lead: shared by "Add lead" and "Edit details". */
function ContactFields({ form, focusFirst = false }: { form: UseFormReturnType<LeadFormValues>; focusFirst?: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Guardian's name"
          description="Or the student's, at least one."
          data-autofocus={focusFirst || undefined}
          {...form.getInputProps("guardianName")}
        />
        <TextInput label="Student's name" {...form.getInputProps("studentName")} />
        <TextInput label="Email" type="email" description="Or a phone number, at least one." {...form.getInputProps("email")} />
        <TextInput label="Phone" type="tel" {...form.getInputProps("phone")} />
      </SimpleGrid>
      <TagsInput
        label="Subjects"
        description="Press Enter after each subject."
        data={COMMON_SUBJECTS}
        maxTags={20}
        clearable
        clearButtonProps={{ "aria-label": "Clear all subjects" }}
        comboboxProps={{ keepMounted: false }}
        {...form.getInputProps("subjects")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput label="Level" description="For example Year 9 or GCSE." {...form.getInputProps("level")} />
        <TextInput label="Preferred times" description="For example weekday evenings." {...form.getInputProps("preferredTimes")} />
      </SimpleGrid>
      <Textarea label="Notes" description="Only staff see these." autosize minRows={2} maxRows={6} {...form.getInputProps("notes")} />
    </>
  );
}

function ConsentField({ form }: { form: UseFormReturnType<LeadFormValues> }) {
  return (
    <Select
      label="Basis for keeping their data"
      required
      data={CONSENT_BASES.map((basis) => ({ value: basis, label: CONSENT_LABELS[basis] }))}
      allowDeselect={false}
      {...form.getInputProps("consentBasis")}
    />
  );
}

function OwnerField({ form, meByDefault }: { form: UseFormReturnType<LeadFormValues>; meByDefault: boolean }) {
  const staff = (useStaff(true).data ?? []).map((member) => ({ value: member.memberId, label: member.isYou ? `${member.name} (you)` : member.name }));
  return (
    <Select
      label="Owner"
      description="The admin or tutor who follows the lead up."
      data={meByDefault ? [{ value: "", label: "Me" }, ...staff.filter((option) => !option.label.endsWith("(you)"))] : staff}
      allowDeselect={false}
      {...form.getInputProps("ownerMemberId")}
    />
  );
}

/** "Add lead": contact, need, source (a campaign's UTM parameters), the basis for keeping the data and (admins) the owner. */
export function LeadCreateModal({ area, opened, onClose }: { area: CrmArea; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a lead" size="lg" centered>
      {opened ? <CreateLeadForm area={area} onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateLeadForm({ area, onClose }: { area: CrmArea; onClose: () => void }) {
  const create = useCreateLead(area);
  const navigate = useNavigate();
  const { form, onSubmit, send, formError } = useApiForm(leadCreateSchema, create, { initialValues: EMPTY, input: toCreate, fieldOf });
  const submit = onSubmit((values) =>
    send(leadCreateSchema.parse(toCreate(values)), (lead: LeadDetail) => {
      onClose();
      notifySuccess("Lead added", `${leadTitle(lead)} is in ${lead.stage.name}.`);
      void navigate(leadHref(area, lead.id));
    }),
  );
  const campaign = form.getValues().source === "campaign";
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ContactFields form={form} focusFirst />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Select
            label="Source"
            required
            data={LEAD_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }))}
            allowDeselect={false}
            {...form.getInputProps("source")}
          />
          <ConsentField form={form} />
        </SimpleGrid>
        {campaign ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="UTM source" {...form.getInputProps("utmSource")} />
            <TextInput label="UTM medium" {...form.getInputProps("utmMedium")} />
            <TextInput label="UTM campaign" {...form.getInputProps("utmCampaign")} />
          </SimpleGrid>
        ) : null}
        {area === "admin" ? <OwnerField form={form} meByDefault /> : null}
        <FormError error={formError} title="Could not add the lead" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add lead
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Edit details": the contact, need, notes, basis and (admins) owner; only what changed is sent. */
export function LeadEditModal({ area, lead, opened, onClose }: { area: CrmArea; lead: LeadDetail; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit the lead's details" size="lg" centered>
      {opened ? <EditLeadForm area={area} lead={lead} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditLeadForm({ area, lead, onClose }: { area: CrmArea; lead: LeadDetail; onClose: () => void }) {
  const update = useUpdateLead(area, lead.id);
  const initial: LeadFormValues = {
    ...EMPTY,
    guardianName: lead.guardianName ?? "",
    studentName: lead.studentName ?? "",
    email: lead.email ?? "",
    phone: lead.phone ?? "",
    subjects: lead.subjects,
    level: lead.level ?? "",
    preferredTimes: lead.preferredTimes ?? "",
    notes: lead.notes,
    source: lead.source,
    consentBasis: lead.consentBasis,
    ownerMemberId: lead.owner?.memberId ?? "",
  };
  const changes = (values: LeadFormValues): LeadUpdate => {
    const next = {
      ...contact(values),
      consentBasis: values.consentBasis,
      ...(area === "admin" && values.ownerMemberId ? { ownerMemberId: values.ownerMemberId } : {}),
    };
    const before = { ...contact(initial), consentBasis: initial.consentBasis, ownerMemberId: initial.ownerMemberId };
    return Object.fromEntries(
      Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before])),
    ) as LeadUpdate;
  };
  const { form, onSubmit, send, formError } = useApiForm(leadUpdateSchema, update, {
    initialValues: initial,
    // Nothing changed: nothing to check nor send.
    input: (values) => (Object.keys(changes(values)).length > 0 ? changes(values) : null),
    fieldOf,
  });
  const submit = onSubmit((values) => {
    const changed = changes(values);
    if (Object.keys(changed).length === 0) return onClose();
    return send(leadUpdateSchema.parse(changed), () => {
      onClose();
      notifySuccess("Lead saved", "The change is on its timeline.");
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ContactFields form={form} focusFirst />
        <ConsentField form={form} />
        {area === "admin" ? <OwnerField form={form} meByDefault={false} /> : null}
        <FormError error={formError} title="Could not save the lead" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
