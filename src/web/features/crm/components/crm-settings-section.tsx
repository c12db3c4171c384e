import {
  ActionIcon,
  Box,
  Button,
  CopyButton,
  Group,
  NumberInput,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCheck, IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { crmSettingsUpdateSchema, type CrmSettings, type CrmSettingsUpdate, type Stage } from "../../../../shared/schemas/crm.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { notifyInfo, notifySuccess } from "../../../lib/notify.ts";
import { useWorkspaceSettings } from "../../workspace/api.ts";
import { useStaff, useStages } from "../api.ts";
import { useChangeStages, useCrmSettings, useUpdateCrmSettings, type StageChange } from "../settings-api.ts";

/** "CRM" (admins): the enquiry page and its embed snippet, who owns an enquiry, how long leads are kept, lost reasons, and the stages. */
export function CrmSettingsSection() {
  const settings = useCrmSettings();
  return (
    <Box id="crm-settings">
      <SectionCard title="CRM" description="Your enquiry page, who answers new enquiries, how long leads are kept, and the stages of your pipeline.">
        <Stack gap="xl">
          <EnquiryPageLinks />
          <QueryState query={settings} label="the CRM settings">
            {(data) => <CrmSettingsForm key={JSON.stringify(data)} settings={data} />}
          </QueryState>
          <StagesEditor />
        </Stack>
      </SectionCard>
    </Box>
  );
}

function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <>
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            leftSection={copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
            onClick={copy}
          >
            {copied ? "Copied" : copyLabel}
          </Button>
          <VisuallyHidden role="status">{copied ? `${label} copied` : ""}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}

/** The public page families enquire on, and the snippet that shows it on the business's own website. */
function EnquiryPageLinks() {
  const workspace = useWorkspaceSettings();
  return (
    <QueryState query={workspace} label="the enquiry page's address">
      {(data) => {
        const link = `${window.location.origin}/enquire/${data.slug}`;
        const snippet = `<iframe src="${link}" title="Enquire with ${data.name.replaceAll('"', "&quot;")}" style="width:100%;min-height:900px;border:0" loading="lazy"></iframe>`;
        return (
          <Stack gap="sm">
            <Title order={3} size="h5">
              Enquiry page
            </Title>
            <Text size="sm">
              Families enquire at this address; each enquiry becomes a lead with a first-response task due within a day. Add UTM parameters (for example
              ?utm_source=newsletter) to see which campaign a lead came from.
            </Text>
            <TextInput
              label="Enquiry page address"
              value={link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: "monospace" } }}
            />
            <Group gap="sm">
              <CopyField label="Enquiry page address" value={link} copyLabel="Copy address" />
              <Button component="a" href={link} target="_blank" rel="noopener" variant="subtle" size="xs">
                Open the enquiry page
              </Button>
            </Group>
            <Textarea
              label="Embed on your website"
              description="Paste this into a page of your own website: the form shows there and sends its enquiries here."
              value={snippet}
              readOnly
              autosize
              minRows={2}
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: "monospace", fontSize: 12 } }}
            />
            <CopyField label="Embed snippet" value={snippet} copyLabel="Copy embed snippet" />
          </Stack>
        );
      }}
    </QueryState>
  );
}

const ASSIGNMENT_OPTIONS = [
  { value: "default_owner", label: "The default owner" },
  { value: "round_robin", label: "Admins and tutors in turn" },
];

function CrmSettingsForm({ settings }: { settings: CrmSettings }) {
  const update = useUpdateCrmSettings();
  const staff = useStaff(true);
  const { form, onSubmit, send, formError } = useApiForm(crmSettingsUpdateSchema, update, { initialValues: settings });
  const submit = onSubmit((values) => {
    const changes: CrmSettingsUpdate = Object.fromEntries(
      (Object.keys(values) as (keyof CrmSettings)[])
        .filter((key) => JSON.stringify(values[key]) !== JSON.stringify(settings[key]))
        .map((key) => [key, values[key]]),
    );
    if (Object.keys(changes).length === 0) {
      notifyInfo("Nothing to save", "The CRM settings are unchanged.");
      return;
    }
    return send(changes, () => notifySuccess("CRM settings saved", "New enquiries and new leads follow them."));
  });
  const owners = (staff.data ?? []).map((person) => ({ value: person.memberId, label: `${person.name} (${person.role})` }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={3} size="h5">
          Leads
        </Title>
        <Select
          label="Who owns a new enquiry"
          data={ASSIGNMENT_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ keepMounted: false }}
          {...form.getInputProps("ownerAssignment")}
        />
        {form.values.ownerAssignment === "default_owner" ? (
          <Select
            label="Default owner"
            description="Without one, the workspace's first admin owns new enquiries."
            placeholder={staff.isLoading ? "Loading the admins and tutors…" : "The first admin"}
            data={owners}
            clearable
            searchable
            comboboxProps={{ keepMounted: false }}
            {...form.getInputProps("defaultOwnerMemberId")}
          />
        ) : null}
        <NumberInput
          label="Months to keep a lead"
          description="A lead that never enrols is deleted this many months after it was made; each lead shows its date. Applies to leads made from now on."
          min={1}
          max={60}
          // Out of range is refused with its reason, not silently changed.
          clampBehavior="none"
          allowDecimal={false}
          w={{ base: "100%", sm: 280 }}
          {...form.getInputProps("purgeMonths")}
        />
        <TagsInput
          label="Reasons a lead is lost"
          description="Moving a lead to the lost stage asks for one of these. Press Enter after each."
          {...form.getInputProps("lostReasons")}
        />
        <FormError error={formError} title="Could not save the CRM settings" />
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save CRM settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const OUTCOME_NOTE: Record<Stage["outcome"], string | undefined> = {
  open: undefined,
  won: "The won stage: a lead reaches it by converting into a family.",
  lost: "The lost stage: moving a lead here asks one of the reasons above.",
};

/** The pipeline's stages: rename any, move and archive the open ones, add new open ones. */
function StagesEditor() {
  const stages = useStages("admin");
  const change = useChangeStages();
  const [newName, setNewName] = useState("");
  const run = (stageChange: StageChange, done: string) => change.mutate(stageChange, { onSuccess: () => notifySuccess("Pipeline saved", done) });
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Pipeline stages
      </Title>
      <Text size="sm" c="dimmed">
        Leads move through these in order. A stage with leads in it cannot be archived; timelines keep the names they were written with.
      </Text>
      <QueryState query={stages} label="the pipeline's stages">
        {(data) => {
          const open = data.items.filter((stage) => stage.outcome === "open");
          const move = (index: number, by: -1 | 1) => {
            const ids = open.map((stage) => stage.id);
            [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
            run(
              { kind: "order", stageIds: [...ids, ...data.items.filter((stage) => stage.outcome !== "open").map((stage) => stage.id)] },
              "The stages are in their new order.",
            );
          };
          return (
            <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
              {data.items.map((stage) => {
                const index = open.findIndex((candidate) => candidate.id === stage.id);
                return (
                  <Box component="li" key={`${stage.id}-${stage.name}`}>
                    <StageRow
                      stage={stage}
                      busy={change.isPending}
                      onRename={(name) => run({ kind: "rename", stageId: stage.id, name }, `Renamed to "${name}".`)}
                      onUp={index > 0 ? () => move(index, -1) : undefined}
                      onDown={index >= 0 && index < open.length - 1 ? () => move(index, 1) : undefined}
                      onArchive={
                        stage.outcome === "open" && open.length > 1
                          ? () => run({ kind: "archive", stageId: stage.id }, `"${stage.name}" is out of the pipeline.`)
                          : undefined
                      }
                    />
                  </Box>
                );
              })}
            </Stack>
          );
        }}
      </QueryState>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!newName.trim()) return;
          change.mutate(
            { kind: "add", input: { name: newName.trim() } },
            { onSuccess: () => (setNewName(""), notifySuccess("Stage added", "It is the last open stage; move it where it belongs.")) },
          );
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="New stage"
            placeholder="For example: Assessment"
            value={newName}
            onChange={(event) => setNewName(event.currentTarget.value)}
            maxLength={60}
          />
          <Button type="submit" variant="default" loading={change.isPending}>
            Add stage
          </Button>
        </Group>
      </form>
      <FormError error={change.error} title="Could not change the pipeline" />
    </Stack>
  );
}

function StageRow({
  stage,
  busy,
  onRename,
  onUp,
  onDown,
  onArchive,
}: {
  stage: Stage;
  busy: boolean;
  onRename: (name: string) => void;
  onUp?: () => void;
  onDown?: () => void;
  onArchive?: () => void;
}) {
  const [name, setName] = useState(stage.name);
  const changed = name.trim() !== "" && name.trim() !== stage.name;
  const note = OUTCOME_NOTE[stage.outcome];
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <TextInput
        label={`Stage ${stage.position}`}
        description={note}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={60}
        style={{ flex: "1 1 180px" }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && changed) {
            event.preventDefault();
            onRename(name.trim());
          }
        }}
      />
      {changed ? (
        <Button size="sm" variant="light" onClick={() => onRename(name.trim())} disabled={busy}>
          Rename
        </Button>
      ) : null}
      {note ? null : (
        <Group gap={4} mb={2}>
          <ActionIcon variant="default" size="lg" aria-label={`Move ${stage.name} up`} onClick={onUp} disabled={!onUp || busy}>
            <IconArrowUp size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={`Move ${stage.name} down`} onClick={onDown} disabled={!onDown || busy}>
            <IconArrowDown size={16} aria-hidden="true" />
          </ActionIcon>
          <Button size="sm" variant="subtle" color="red" onClick={onArchive} disabled={!onArchive || busy}>
            Archive
          </Button>
        </Group>
      )}
    </Group>
  );
}
