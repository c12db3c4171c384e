import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { CALENDAR_FEED_FUTURE_DAYS, CALENDAR_FEED_PAST_DAYS, type CalendarFeedCreated } from "../../../../shared/schemas/calendar-feed.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { useCalendarFeed, useCreateCalendarFeed } from "../api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { Instant } from "../../../components/ui/instant.tsx";

/**
 * "Calendar feed": a private address that Google, Apple or Outlook calendar subscribe to.
 * Only a hash of it is kept, so the address is shown once, when it is made; making a new one
 * stops the old one (for a link that was shared by mistake).
 */
export function CalendarFeedSection() {
  const status = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setCreated(feed);
        confirm.close();
        notifySuccess(
          feed.replaced ? "New calendar address made" : "Calendar address made",
          feed.replaced ? "The old address no longer works." : "Add it to your calendar app.",
        );
      },
    });

  return (
    <SectionCard
      title="Calendar feed"
      description={`Follow your sessions in Google, Apple or Outlook calendar: subscribe to your private address ("From URL" or "Subscribe to calendar"). It covers ${CALENDAR_FEED_PAST_DAYS} days back and ${CALENDAR_FEED_FUTURE_DAYS} days ahead.`}
    >
      <QueryState query={status} label="your calendar feed">
        {(feed) => (
          <Stack gap="md">
            {created ? (
              <>
                <TextInput
                  label="Your private calendar address"
                  value={created.url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  styles={{ input: { fontFamily: "monospace" } }}
                />
                <Alert color="blue" title="Copy it now">
                  It is shown only this once. Anyone with it can read your sessions: keep it to yourself.
                </Alert>
                <CopyButton value={created.url}>
                  {({ copied, copy }) => (
                    <Group>
                      <Button leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />} onClick={copy}>
                        {copied ? "Copied" : "Copy address"}
                      </Button>
                      <VisuallyHidden role="status">{copied ? "Calendar address copied" : ""}</VisuallyHidden>
                    </Group>
                  )}
                </CopyButton>
              </>
            ) : feed.exists ? (
              <Text size="sm">
                Your calendar address was made on {feed.createdAt ? <Instant at={feed.createdAt} /> : "an earlier day"}. It is not shown again; make a new one
                if you lost it or shared it by mistake.
              </Text>
            ) : (
              <Text size="sm">You have no calendar address yet.</Text>
            )}
            <FormError error={confirmOpened ? null : create.error} title="Could not make the calendar address" />
            <Group>
              {feed.exists ? (
                <Button variant="default" onClick={confirm.open}>
                  Make a new address
                </Button>
              ) : (
                <Button loading={create.isPending} onClick={make}>
                  Make my calendar address
                </Button>
              )}
            </Group>
            <Modal closeButtonProps={{ "aria-label": "Close" }} opened={confirmOpened} onClose={confirm.close} title="Make a new calendar address?" centered>
              <Stack gap="md">
                <Text size="sm">The current address stops working at once: calendars subscribed to it stop updating until you give them the new one.</Text>
                <FormError error={create.error} title="Could not make the calendar address" />
                <Group justify="flex-end">
                  <Button variant="default" onClick={confirm.close}>
                    Cancel
                  </Button>
                  <Button color="red" loading={create.isPending} onClick={make}>
                    Make a new address
                  </Button>
                </Group>
              </Stack>
            </Modal>
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  );
}
