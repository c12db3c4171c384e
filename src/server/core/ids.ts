import { UUID_PATTERN } from "../../shared/schemas/fields.ts";

/**
 * Whether a path id can name a record (a student, an assignment, a session) at all. Ids are
 * UUIDs; anything else names no record, and answers the same 404 as a record the viewer may
 * not see (a 422 would tell "malformed" apart from "not yours", and PostgreSQL refuses a bad uuid).
 */
export function isRecordId(value: string): boolean {
  return UUID_PATTERN.test(value);
}
