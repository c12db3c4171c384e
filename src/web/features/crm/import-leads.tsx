import { Alert, Badge, Button, Checkbox, FileButton, Group, List, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { useState } from "react";
import { CONSENT_BASES, type ConsentBasis } from "../../../shared/schemas/crm.ts";
import { IMPORT_MAX_CHARACTERS, IMPORT_MAX_ROWS, type ImportPreview, type ImportRow } from "../../../shared/schemas/crm-pipeline.ts";
import { DataTable, type DataColumn } from "../../components/data/data-table.tsx";
import { notifySuccess } from "../../lib/notify.ts";
import type { CrmArea } from "./api.ts";
import { CONSENT_LABELS, leadTitle, SOURCE_LABELS } from "./format.ts";
import { useCommitImport, usePreviewImport } from "./pipeline-api.ts";

const columns: DataColumn<ImportRow>[] = [
  { header: "Row", cell: (row) => row.row, width: 60, nowrap: true },
  { header: "Lead", rowHeader: true, cell: (row) => (row.lead ? leadTitle(row.lead) : <Text c="dimmed">Not read</Text>) },
  {
    header: "Contact",
    cell: (row) => (row.lead ? [row.lead.email, row.lead.phone].filter(Boolean).join(", ") : ""),
  },
  { header: "Source", cell: (row) => (row.lead ? SOURCE_LABELS[row.lead.source] : ""), nowrap: true },
  { header: "Owner", cell: (row) => row.lead?.owner.name ?? "" },
  {
    header: "Problems and duplicates",
    cell: (row) => (
      <Stack gap={2}>
        {row.errors.map((error) => (
          <Text key={`${error.column}-${error.message}`} size="sm" c="red">
            {error.column}: {error.message}
          </Text>
        ))}
        {row.duplicates.map((duplicate) => (
          <Text key={`${duplicate.leadId ?? duplicate.row}-${duplicate.matchedOn}`} size="sm">
            Same {duplicate.matchedOn} as {duplicate.leadId ? `the lead ${duplicate.name}` : `row ${duplicate.row}`}
          </Text>
        ))}
        {row.errors.length === 0 && row.duplicates.length === 0 ? <Badge color="teal">Ready</Badge> : null}
      </Stack>
    ),
  },
];

/**
 * "Import leads": a button that opens a modal to choose or paste a CSV file, preview what each
 * row becomes (refused cells named by column, duplicates pointed out), and import it, the
 * refused rows skipped if asked. Admins may name the owner of rows without an owner column.
 */
export function ImportLeadsButton({ area, owners }: { area: CrmArea; owners?: { memberId: string; name: string }[] }) {
  const [opened, setOpened] = useState(false);
  const [csv, setCsv] = useState("");
  const [consentBasis, setConsentBasis] = useState<ConsentBasis>("legitimate_interest");
  const [ownerMemberId, setOwnerMemberId] = useState<string | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = usePreviewImport(area);
  const commit = useCommitImport(area);
  const body = { csv, consentBasis, ...(ownerMemberId ? { ownerMemberId } : {}) };
  const shown: ImportPreview | undefined = preview.data;

  const close = () => {
    setOpened(false);
    setCsv("");
    setSkipInvalid(false);
    preview.reset();
    commit.reset();
  };
  const readFile = async (file: File | null) => {
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_CHARACTERS) return setFileError(`The file is larger than 1 MB: split it into files of at most ${IMPORT_MAX_ROWS} leads.`);
    setCsv(await file.text());
    preview.reset();
  };
  const submit = () =>
    commit.mutate(
      { ...body, skipInvalid },
      {
        onSuccess: (result) => {
          notifySuccess(
            "Leads imported",
            `${result.imported} lead${result.imported === 1 ? "" : "s"} imported${result.skipped.length ? `, ${result.skipped.length} refused row${result.skipped.length === 1 ? "" : "s"} skipped` : ""}.`,
          );
          close();
        },
      },
    );
  const error = (preview.error ?? commit.error) as Error | null;

  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={() => setOpened(true)}>
        Import leads
      </Button>
      <Modal opened={opened} onClose={close} title="Import leads from a CSV file" size="xl">
        <Stack>
          <Text size="sm">
            The first row names the columns: guardian name, student name, email, phone, subjects, level, preferred times, source, notes
            {area === "admin" ? " and owner (an admin's or tutor's email or name)" : ""}. Each lead needs a name and an email or phone. At most{" "}
            {IMPORT_MAX_ROWS.toLocaleString("en")} leads a file. They start in the first stage.
          </Text>
          <Group align="end" wrap="wrap">
            <FileButton accept=".csv,text/csv" onChange={(file) => void readFile(file)}>
              {(props) => (
                <Button variant="light" {...props}>
                  Choose a CSV file
                </Button>
              )}
            </FileButton>
            <Select
              label="Basis for keeping their details"
              data={CONSENT_BASES.map((value) => ({ value, label: CONSENT_LABELS[value] }))}
              value={consentBasis}
              onChange={(value) => value && setConsentBasis(value as ConsentBasis)}
              allowDeselect={false}
            />
            {area === "admin" && owners ? (
              <Select
                label="Owner when the file names none"
                placeholder="You"
                data={owners.map((owner) => ({ value: owner.memberId, label: owner.name }))}
                value={ownerMemberId}
                onChange={setOwnerMemberId}
                clearable
              />
            ) : null}
          </Group>
          {fileError ? (
            <Alert color="red" role="alert">
              {fileError}
            </Alert>
          ) : null}
          <Textarea
            label="Or paste the file's text"
            rows={6}
            value={csv}
            onChange={(event) => {
              setCsv(event.currentTarget.value);
              preview.reset();
            }}
            styles={{ input: { fontFamily: "monospace" } }}
          />
          <Group>
            <Button onClick={() => preview.mutate(body)} loading={preview.isPending} disabled={!csv.trim()}>
              Preview
            </Button>
          </Group>
          {error ? (
            <Alert color="red" title="Not imported" role="alert">
              {error.message}
              {"issues" in error && Array.isArray(error.issues) && error.issues.length > 0 ? (
                <List size="sm" mt="xs">
                  {(error.issues as { path: (string | number)[]; message: string }[]).slice(0, 10).map((issue) => (
                    <List.Item key={`${issue.path.join(".")}-${issue.message}`}>{issue.message}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ) : null}
          {shown ? (
            <Stack>
              <Text role="status">
                {shown.valid} of {shown.rows.length} rows ready to import
                {shown.refused ? `, ${shown.refused} refused` : ""}.
                {shown.columns.some((column) => !column.column)
                  ? ` Columns not read: ${shown.columns
                      .filter((column) => !column.column)
                      .map((column) => column.header || "(no name)")
                      .join(", ")}.`
                  : ""}
              </Text>
              <DataTable
                rows={shown.rows}
                columns={columns}
                rowKey={(row) => String(row.row)}
                listLabel="Rows of the file"
                caption="What each row of the file becomes"
                minWidth={720}
              />
              {shown.refused > 0 ? (
                <Checkbox
                  label={`Skip the ${shown.refused} refused row${shown.refused === 1 ? "" : "s"} and import the others`}
                  checked={skipInvalid}
                  onChange={(event) => setSkipInvalid(event.currentTarget.checked)}
                />
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button onClick={submit} loading={commit.isPending} disabled={shown.valid === 0 || (shown.refused > 0 && !skipInvalid)}>
                  Import {shown.valid} lead{shown.valid === 1 ? "" : "s"}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
