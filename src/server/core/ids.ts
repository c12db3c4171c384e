/**
 * Whether a path id can name a record (a student, an assignment, a session) at all. Ids are
 * UUIDs; anything else names no record, and answers the same 404 as a record the viewer may
 * not see (a 422 would tell "malformed" apart from "not yours", and PostgreSQL refuses a bad uuid).
 */
export function isRecordId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
