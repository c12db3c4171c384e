import { Center, Loader } from "@mantine/core";

import type { ReactNode } from "react";

import { PageHeader } from "../../../components/ui/page-header.tsx";

import { useDisplayTimeZone } from "../../session/display-time-zone.ts";

import type { SessionFilters } from "../api.ts";
import { SessionCalendar } from "./session-calendar.tsx";
import type { Area } from "../../../../shared/roles.ts";

/** A calendar screen: the heading, then the area's calendar in the viewer's time zone (or the workspace's, by choice). */
export function CalendarScreen({
  area,
  title,
  description,
  filters,
  toolbar,
}: {
  area: Area;
  title: string;
  description: string;
  filters?: SessionFilters;
  toolbar?: ReactNode;
}) {
  const { timeZone } = useDisplayTimeZone();
  return (
    <>
      <PageHeader title={title} description={description} />
      {timeZone ? (
        <SessionCalendar area={area} timeZone={timeZone} filters={filters} toolbar={toolbar} />
      ) : (
        <Center py="xl" role="status" aria-label="Loading the calendar">
          <Loader size="sm" aria-hidden="true" />
        </Center>
      )}
    </>
  );
}
