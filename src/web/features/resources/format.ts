import { formatBytes } from "../../../shared/schemas/recordings.ts";
import {
  isResourceFileType,
  RESOURCE_FORMATS_TEXT,
  RESOURCE_AUDIENCE_LABELS,
  RESOURCE_FILE_TYPES,
  resourceTypeOfName,
  type ResourceFileType,
  type ResourceSummary,
} from "../../../shared/schemas/resources.ts";

/** The type to send a chosen file as: what the browser says if the library accepts it, else what its name's extension stands for. */
export function fileTypeOf(file: File): ResourceFileType | null {
  const declared = file.type.toLowerCase();
  if (isResourceFileType(declared)) return declared;
  return resourceTypeOfName(file.name);
}

/** What the file picker can tell before anything is sent (the server checks again, and the file's content). */
export function fileProblem(file: File | null, maxBytes: number): string | null {
  if (!file) return "Choose a file.";
  if (!fileTypeOf(file)) return `This is not a file the library accepts (${RESOURCE_FORMATS_TEXT}).`;
  if (file.size > maxBytes) return `This file is ${formatBytes(file.size)}: a resource may be at most ${formatBytes(maxBytes)}.`;
  if (file.size === 0) return "This file is empty.";
  return null;
}

/** "PDF · 1.2 MiB", "Link · example.com". */
export function formatDescription(resource: Pick<ResourceSummary, "kind" | "current">): string {
  if (resource.kind === "link") {
    try {
      return `Link · ${new URL(resource.current.url ?? "").hostname}`;
    } catch {
      return "Link";
    }
  }
  const type = resource.current.contentType;
  const label = type && isResourceFileType(type) ? RESOURCE_FILE_TYPES[type].label : "File";
  return resource.current.sizeBytes === null ? label : `${label} · ${formatBytes(resource.current.sizeBytes)}`;
}

/** "Tutors and parents". */
export function audienceText(audience: readonly (keyof typeof RESOURCE_AUDIENCE_LABELS)[]): string {
  const labels = audience.map((role) => RESOURCE_AUDIENCE_LABELS[role]);
  if (labels.length <= 1) return labels[0] ?? "Nobody";
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)!.toLowerCase()}`;
}

/** The search excerpt's marked words («…») as parts to render, marked or not. */
export function matchParts(match: string): { text: string; marked: boolean }[] {
  return match
    .split(/(«[^»]*»)/)
    .filter(Boolean)
    .map((part) => (part.startsWith("«") && part.endsWith("»") ? { text: part.slice(1, -1), marked: true } : { text: part, marked: false }));
}
