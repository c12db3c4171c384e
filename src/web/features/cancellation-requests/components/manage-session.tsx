import { Button, Group, Modal } from "@mantine/core";

import { useState } from "react";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { queryClient } from "../../../lib/query-client.ts";

import { EditSessionModal } from "../../calendar/components/edit-session-modal.tsx";

import { CancelForm } from "../../calendar/components/session-drawer.tsx";

import { reportKeys } from "../../session-reports/api.ts";

import { cancellationKeys } from "../api.ts";
import type { ManagerArea } from "../../../../shared/roles.ts";

/** The page's session, its requests and the lists after an edit or a cancellation made here. */
const refresh = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), queryClient.invalidateQueries({ queryKey: cancellationKeys.all })]);

/**
 * "Edit" and "Cancel session" on the session page, with the calendar's own edit form and
 * cancel form (the same checks, late-cancellation note and notices). Only while scheduled.
 */
export function ManageSession({ area, session, timeZone }: { area: ManagerArea; session: Session; timeZone: string }) {
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  if (session.status !== "scheduled") return null;
  return (
    <>
      <Group gap="xs" mt="xs">
        <Button variant="default" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button color="red" variant="light" onClick={() => setCancelling(true)}>
          Cancel session
        </Button>
      </Group>
      <EditSessionModal
        area={area}
        timeZone={timeZone}
        session={editing ? session : null}
        onCancel={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void refresh();
        }}
      />
      <Modal opened={cancelling} onClose={() => setCancelling(false)} title="Cancel the session" centered>
        <CancelForm
          area={area}
          session={session}
          onBack={() => setCancelling(false)}
          onDone={() => {
            setCancelling(false);
            void refresh();
          }}
        />
      </Modal>
    </>
  );
}
