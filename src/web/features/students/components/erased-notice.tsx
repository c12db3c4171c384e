import { Alert, Text } from "@mantine/core";
import type { Area } from "../../../../shared/roles.ts";
import type { StudentDetail } from "../../../../shared/schemas/students.ts";
import { Instant } from "../../../components/ui/instant.tsx";

/** An erased record, said plainly with when: what admins and families see alike. */
export function ErasedNotice({ student, area, timeZone }: { student: StudentDetail; area: Area; timeZone?: string | undefined }) {
  return (
    <Alert color="gray" title="This record's personal data was erased">
      <Text size="sm">
        Erased on {student.erasedAt ? <Instant at={student.erasedAt} timeZone={timeZone} /> : "an earlier date"} at the family&apos;s request.{" "}
        {area === "admin" ? "The record is read-only; its assignments and access log remain as history." : "Its history stays."}
      </Text>
    </Alert>
  );
}
