import { Alert, Badge, Box, Button, Checkbox, Divider, Group, Image, Modal, Stack, Text, Title } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconDownload, IconExternalLink, IconEye, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { Area } from "../../../../shared/roles.ts";
import { formatBytes } from "../../../../shared/schemas/recordings.ts";
import type { ResourceDetail, ResourceVersion } from "../../../../shared/schemas/resources.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Instant } from "../../../components/ui/instant.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAcknowledge, useDeleteResource, useResource } from "../api.ts";
import { audienceText, formatDescription } from "../format.ts";
import { AcknowledgementsPanel } from "./acknowledgements-panel.tsx";
import { ResourceFormModal } from "./resource-form.tsx";
import { VersionForm } from "./version-form.tsx";

/**
 * One resource, opened from the library (its id in the URL): preview, download, its versions,
 * acknowledging it when it asks the viewer to, and for its managers changing, versioning and
 * deleting it, and who has acknowledged it.
 */
export function ResourceDetailModal({
  area,
  resourceId,
  onClose,
  categories,
  maxBytes,
}: {
  area: Area;
  resourceId: string | null;
  onClose: () => void;
  categories: string[];
  maxBytes: number;
}) {
  const resource = useResource(area, resourceId);
  const phone = useMediaQuery("(max-width: 48em)", false);
  return (
    <Modal
      opened={resourceId !== null}
      onClose={onClose}
      title={resource.data?.title ?? "Resource"}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <QueryState query={resource} label="the resource">
        {(loaded) => <ResourceView area={area} resource={loaded} categories={categories} maxBytes={maxBytes} onDeleted={onClose} />}
      </QueryState>
    </Modal>
  );
}

function ResourceView({
  area,
  resource,
  categories,
  maxBytes,
  onDeleted,
}: {
  area: Area;
  resource: ResourceDetail;
  categories: string[];
  maxBytes: number;
  onDeleted: () => void;
}) {
  const [previewing, preview] = useDisclosure(false);
  const managing = resource.canManage && (area === "admin" || area === "tutor") ? area : null;
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light">{resource.category}</Badge>
        <Text size="sm" c="dimmed">
          {formatDescription(resource)}
        </Text>
        {resource.tags.map((tag) => (
          <Badge key={tag} variant="outline" color="gray" size="sm">
            {tag}
          </Badge>
        ))}
      </Group>
      <Text size="sm">
        {resource.owner
          ? `Shared by ${resource.owner.name}${resource.sharedWith.length > 0 ? ` with ${resource.sharedWith.map((share) => share.name).join(", ")}` : ""}.`
          : area === "admin"
            ? `For ${audienceText(resource.audience).toLowerCase()}${resource.requiresAcknowledgement ? ", who are asked to acknowledge it" : ""}.`
            : null}
      </Text>
      {resource.description ? <Text style={{ whiteSpace: "pre-wrap" }}>{resource.description}</Text> : null}
      {area !== "admin" && resource.requiresAcknowledgement ? <AcknowledgeBox area={area} resource={resource} /> : null}
      <Group gap="sm" wrap="wrap">
        {resource.preview && resource.current.fileUrl ? (
          <Button variant="default" leftSection={<IconEye size={16} aria-hidden="true" />} onClick={preview.toggle} aria-expanded={previewing}>
            {previewing ? "Hide preview" : "Preview"}
          </Button>
        ) : null}
        <OpenButton version={resource.current} primary />
      </Group>
      {previewing && resource.current.fileUrl ? <Preview resource={resource} /> : null}
      <Divider />
      <Versions resource={resource} />
      {resource.citedByBilling ? (
        <Alert color="blue" title="Cited by billing">
          This document states your cancellation policy: each late cancellation names the version in force, and families see when they acknowledged it. It
          cannot be deleted.
        </Alert>
      ) : null}
      {managing ? <Manage area={managing} resource={resource} categories={categories} maxBytes={maxBytes} onDeleted={onDeleted} /> : null}
      {area === "admin" && resource.requiresAcknowledgement ? (
        <>
          <Divider />
          <AcknowledgementsPanel resource={resource} />
        </>
      ) : null}
    </Stack>
  );
}

function OpenButton({ version, primary = false }: { version: ResourceVersion; primary?: boolean }) {
  const variant = primary ? "filled" : "subtle";
  const size = primary ? "sm" : "compact-sm";
  if (version.openUrl)
    return (
      <Button
        component="a"
        href={version.openUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant={variant}
        size={size}
        leftSection={<IconExternalLink size={16} aria-hidden="true" />}
      >
        Open link{primary ? "" : <span className="visually-hidden"> of version {version.version}</span>}
      </Button>
    );
  if (version.fileUrl)
    return (
      <Button
        component="a"
        href={`${version.fileUrl}?download=1`}
        download
        variant={variant}
        size={size}
        leftSection={<IconDownload size={16} aria-hidden="true" />}
      >
        Download{primary ? "" : <span className="visually-hidden"> version {version.version}</span>}
      </Button>
    );
  return null;
}

/** The current version in the page: a PDF in the browser's viewer, an image as it is. */
function Preview({ resource }: { resource: ResourceDetail }) {
  const url = resource.current.fileUrl!;
  if (resource.preview === "image")
    return <Image src={url} alt={`${resource.title} (version ${resource.current.version})`} fit="contain" mah="70vh" radius="sm" />;
  return (
    <Box style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-sm)", overflow: "hidden" }}>
      <iframe
        src={url}
        title={`${resource.title}, version ${resource.current.version}`}
        style={{ display: "block", width: "100%", height: "70vh", border: 0 }}
      />
    </Box>
  );
}

function AcknowledgeBox({ area, resource }: { area: Area; resource: ResourceDetail }) {
  const [read, setRead] = useState(false);
  const acknowledge = useAcknowledge(area, resource.id);
  if (!resource.awaitingAcknowledgement && resource.acknowledged)
    return (
      <Alert color="teal" title="Acknowledged">
        You acknowledged version {resource.acknowledged.version} on <Instant at={resource.acknowledged.at} />.
      </Alert>
    );
  return (
    <Alert color="yellow" title="Please read and acknowledge">
      <Stack gap="sm">
        <Text size="sm">
          {resource.acknowledged
            ? `You acknowledged version ${resource.acknowledged.version}; version ${resource.current.version} replaced it.`
            : "Your tutoring business asks you to read this and confirm that you have."}
        </Text>
        <Checkbox
          label={`I have read version ${resource.current.version} of “${resource.title}”`}
          checked={read}
          onChange={(event) => setRead(event.currentTarget.checked)}
        />
        <FormError error={acknowledge.error} title="Could not record your acknowledgement" />
        <Group>
          <Button
            disabled={!read}
            loading={acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(resource.current.version, { onSuccess: () => notifySuccess("Acknowledged", `You acknowledged “${resource.title}”.`) })
            }
          >
            Acknowledge
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function Versions({ resource }: { resource: ResourceDetail }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="versions-heading">
      <Title order={3} size="h4" id="versions-heading">
        Versions
      </Title>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
        {resource.versions.map((version) => (
          <Group component="li" key={version.version} justify="space-between" wrap="wrap" gap="xs">
            <Box style={{ minWidth: 0, flex: "1 1 16rem" }}>
              <Text size="sm" fw={600}>
                Version {version.version}
                {version.version === resource.current.version ? " (current)" : ""}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                <Instant at={version.createdAt} />
                {version.createdBy ? ` · ${version.createdBy}` : ""}
                {version.fileName ? ` · ${version.fileName}` : ""}
                {version.sizeBytes !== null ? ` (${formatBytes(version.sizeBytes)})` : ""}
                {version.note ? ` · ${version.note}` : ""}
              </Text>
            </Box>
            <OpenButton version={version} />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function Manage({
  area,
  resource,
  categories,
  maxBytes,
  onDeleted,
}: {
  area: "admin" | "tutor";
  resource: ResourceDetail;
  categories: string[];
  maxBytes: number;
  onDeleted: () => void;
}) {
  const [editing, edit] = useDisclosure(false);
  const [versioning, version] = useDisclosure(false);
  const [deleting, del] = useDisclosure(false);
  const remove = useDeleteResource(area);
  return (
    <Stack gap="sm">
      <Divider />
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={edit.open}>
          Change details
        </Button>
        <Button variant="default" onClick={version.toggle} aria-expanded={versioning}>
          {versioning ? "Cancel new version" : "Add a new version"}
        </Button>
        {resource.citedByBilling ? null : (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={del.open}>
            Delete
          </Button>
        )}
      </Group>
      {versioning ? (
        <VersionForm
          area={area}
          resource={resource}
          maxBytes={maxBytes}
          onDone={() => {
            version.close();
            notifySuccess("New version added", `“${resource.title}” is now at version ${resource.current.version + 1}.`);
          }}
        />
      ) : null}
      <ResourceFormModal
        opened={editing}
        onClose={edit.close}
        area={area}
        categories={categories}
        maxBytes={maxBytes}
        editing={resource}
        onSaved={() => {
          edit.close();
          notifySuccess("Resource saved", `“${resource.title}” is saved.`);
        }}
      />
      <Modal opened={deleting} onClose={del.close} title="Delete this resource?" centered closeButtonProps={{ "aria-label": "Close" }}>
        <Stack gap="md">
          <Text size="sm">
            “{resource.title}” and its {resource.versions.length === 1 ? "file" : `${resource.versions.length} versions`} are deleted, with everyone's
            acknowledgements. The audit log keeps who opened it.
          </Text>
          <FormError error={remove.error} title="Could not delete the resource" />
          <Group justify="flex-end">
            <Button variant="default" onClick={del.close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(resource.id, {
                  onSuccess: () => {
                    del.close();
                    notifySuccess("Resource deleted", `“${resource.title}” is no longer in the library.`);
                    onDeleted();
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
