import type { DatesSetArg, EventApi, EventClickArg, EventContentArg, EventDropArg, EventInput } from "@fullcalendar/core";

import enGbLocale from "@fullcalendar/core/locales/en-gb";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, { type EventResizeDoneArg } from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { ActionIcon, Alert, Box, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from "@mantine/core";

import { useDisclosure, useMediaQuery } from "@mantine/hooks";

import { IconChevronLeft, IconChevronRight, IconPlus } from "@tabler/icons-react";

import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { canSchedule, useSessions, type SessionFilters, type SessionRange } from "../api.ts";
import {
  hoursToShow,
  isCancelled,
  isoDate,
  isPastWall,
  landingStart,
  rangeFor,
  reportDue,
  STATUS_LABELS,
  studentNames,
  tutorColours,
  wallDateTime,
  wallNow,
  wallTimes,
  type TutorColour,
} from "../format.ts";

import { isMovable } from "../session-update.ts";

import { useDragChange } from "./drag-change.tsx";

import { EditSessionModal } from "./edit-session-modal.tsx";

import { ScheduleSessionModal } from "./schedule-session-modal.tsx";

import { SessionDrawer } from "./session-drawer.tsx";

import classes from "./session-calendar.module.css";
import { TimeZoneNote } from "./time-zone-note.tsx";
import type { Area } from "../../../../shared/roles.ts";

type ViewName = "timeGridWeek" | "dayGridMonth" | "listUpcoming";
const VIEWS: { value: ViewName; label: string }[] = [
  { value: "timeGridWeek", label: "Week" },
  { value: "dayGridMonth", label: "Month" },
  { value: "listUpcoming", label: "List" },
];
const PERIOD: Record<ViewName, string> = {
  timeGridWeek: "week",
  dayGridMonth: "month",
  listUpcoming: "30 days",
};
/** The list starts on the day shown (today when opened), not on the 1st of its month. */
const LIST_DAYS = 30;
const CUSTOM_VIEWS = { listUpcoming: { type: "list", duration: { days: LIST_DAYS } } };

/**
 * A session as an event. Managers drag a movable session in the week and month views and
 * resize it in the week view (a month cell has no hours: a resize there would add days).
 */
function toEvent(session: Session, area: Area, view: ViewName, now: number, colour: string | undefined): EventInput {
  const { start, end } = wallTimes(session);
  const movable = isMovable(area, session, now);
  const due = canSchedule(area) && reportDue(session, now);
  // A tutor's colour fills their coming and completed sessions; a cancelled or missed one keeps
  // its own light look, with the tutor's colour on its edge.
  const filled = colour && (session.status === "scheduled" || session.status === "completed");
  return {
    id: session.id,
    start,
    end,
    title: session.subject,
    classNames: [classes.event!, classes[session.status] ?? "", colour ? classes.tutor! : "", due ? classes.due! : ""].filter(Boolean),
    ...(colour ? { borderColor: colour } : {}),
    ...(filled ? { backgroundColor: colour, textColor: "#ffffff" } : {}),
    startEditable: movable,
    durationEditable: movable && view === "timeGridWeek",
    extendedProps: { session, due },
  };
}

/** Which colour is whose on the admin calendar (each event names its tutor too). */
function TutorLegend({ tutors }: { tutors: TutorColour[] }) {
  if (tutors.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Tutors' colours" role="group">
      <Text size="sm" fw={600}>
        Tutors:
      </Text>
      <Group component="ul" gap="sm" wrap="wrap" m={0} p={0} style={{ listStyle: "none" }}>
        {tutors.map((tutor) => (
          <Group component="li" key={tutor.memberId} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={{ backgroundColor: tutor.colour }} aria-hidden="true" />
            <Text size="sm" span>
              {tutor.name}
            </Text>
          </Group>
        ))}
      </Group>
    </Group>
  );
}

function EventBody({ arg, onOpen, showTutor }: { arg: EventContentArg; onOpen: (sessionId: string) => void; showTutor: boolean }) {
  const session = arg.event.extendedProps.session as Session;
  const list = arg.view.type.startsWith("list");
  const status = session.status === "scheduled" ? null : STATUS_LABELS[session.status];
  const due = arg.event.extendedProps.due === true;
  // The list view's own link is replaced by this content: it is the focusable control there
  // (in the grids, FullCalendar's event element is, and Enter opens the session).
  const openAttrs = list
    ? {
        role: "button",
        tabIndex: 0,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          onOpen(session.id);
        },
      }
    : {};
  return (
    <span className={list ? `${classes.body} ${classes.open}` : classes.body} {...openAttrs}>
      {list ? null : <span className={classes.time}>{arg.timeText} </span>}
      {/* First, so that a short event in the week view still shows it. */}
      {due ? <span className={classes.dueMark}>Report due</span> : null}
      {isCancelled(session.status) ? (
        <s>
          <strong>{session.subject}</strong> · {studentNames(session)}
          {showTutor ? ` with ${session.tutor.name}` : null}
        </s>
      ) : (
        <span>
          <strong>{session.subject}</strong> · {studentNames(session)}
          {showTutor ? ` with ${session.tutor.name}` : null}
        </span>
      )}
      {status ? <span className={classes.status}> ({status})</span> : null}
    </span>
  );
}

/**
 * An area's sessions calendar: week, month and list views in the viewer's zone (the
 * workspace's), fetched for the visible range; a click (or Enter on a focused event) opens the
 * session; tutors and admins schedule from here.
 */
export function SessionCalendar({ area, timeZone, filters = {}, toolbar }: { area: Area; timeZone: string; filters?: SessionFilters; toolbar?: ReactNode }) {
  const narrow = useMediaQuery("(max-width: 48em)", false, {
    getInitialValueInEffect: false,
  });
  const calendar = useRef<FullCalendar>(null);
  const [view, setView] = useState<ViewName>(narrow ? "listUpcoming" : "timeGridWeek");
  const [range, setRange] = useState<SessionRange | null>(null);
  const [title, setTitle] = useState("");
  const [visible, setVisible] = useState<{ start: string; end: string } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [scheduling, schedule] = useDisclosure(false);
  const sessions = useSessions(area, range, filters, timeZone);
  const items = useMemo(() => sessions.data ?? [], [sessions.data]);
  // Whether a session has started is judged at the time the data was fetched (a drop into the past is refused by eventAllow anyway).
  const fetchedAt = sessions.dataUpdatedAt;
  const shown = useMemo(
    () => (visible ? items.filter((session) => session.local.date >= visible.start && session.local.date < visible.end) : items),
    [items, visible],
  );
  const colours = useMemo(() => (area === "admin" ? tutorColours(shown) : []), [area, shown]);
  const events = useMemo(() => {
    const colourOf = new Map(colours.map((tutor) => [tutor.memberId, tutor.colour]));
    return items.map((session) => toEvent(session, area, view, fetchedAt, colourOf.get(session.tutor.memberId)));
  }, [items, area, view, fetchedAt, colours]);
  // Recomputed with the sessions: the hour of "now" moves on with each fetch, which is often enough for the now line.
  const hours = useMemo(() => hoursToShow(items, wallNow(timeZone)), [items, timeZone]);
  const open = items.find((session) => session.id === openId) ?? null;
  const editing = items.find((session) => session.id === editingId) ?? null;
  // Only managers' events can be dragged (toEvent); the hook is called for every area, as hooks must be.
  const drag = useDragChange(area === "admin" ? "admin" : "tutor", timeZone);
  const dragged = (kind: "move" | "resize", event: EventApi, revert: () => void) => {
    const session = event.extendedProps.session as Session;
    if (!event.start || !event.end || !canSchedule(area)) return revert();
    drag.start({ session, kind, start: wallDateTime(event.start), end: wallDateTime(event.end), revert });
  };

  const api = () => calendar.current?.getApi();
  const onDates = (arg: DatesSetArg) => {
    setTitle(arg.view.title);
    setVisible({
      start: isoDate(arg.view.activeStart),
      end: isoDate(arg.view.activeEnd),
    });
    setRange((current) => {
      const next = rangeFor(arg.view.activeStart, arg.view.activeEnd);
      return current?.from === next.from && current.to === next.to ? current : next;
    });
  };
  const changeView = (next: string) => {
    setView(next as ViewName);
    api()?.changeView(next);
  };

  return (
    <Stack gap="sm" pb={64}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <ActionIcon variant="default" size="lg" aria-label={`Previous ${PERIOD[view]}`} onClick={() => api()?.prev()}>
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" onClick={() => api()?.today()}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label={`Next ${PERIOD[view]}`} onClick={() => api()?.next()}>
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
          <Title order={2} size="h4" aria-live="polite" className={classes.title}>
            {title}
          </Title>
        </Group>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl aria-label="Calendar view" value={view} onChange={changeView} data={VIEWS} />
          {canSchedule(area) ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={schedule.open}>
              Schedule session
            </Button>
          ) : null}
        </Group>
      </Group>
      {toolbar}
      <TutorLegend tutors={colours} />
      <Group gap="sm" justify="space-between" mih={24}>
        <TimeZoneNote />
        {sessions.isFetching ? (
          <Group gap={6} role="status" aria-label="Loading sessions">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">Loading sessions…</Text>
          </Group>
        ) : sessions.isSuccess && shown.length === 0 && !view.startsWith("list") ? (
          <Text size="sm">No sessions this {PERIOD[view]}.</Text>
        ) : null}
      </Group>
      {sessions.isError ? (
        <Alert color="red" title="Could not load the sessions" role="alert">
          {sessions.error.message}{" "}
          <Button size="compact-sm" variant="light" color="red" ml="sm" onClick={() => void sessions.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
      {/* On a phone the week keeps readable days and scrolls sideways inside its own box (never the page), which the keyboard can reach. */}
      <Box
        className={view === "timeGridWeek" ? `${classes.calendar} ${classes.week}` : classes.calendar}
        aria-busy={sessions.isFetching}
        {...(narrow && view === "timeGridWeek" ? { role: "region", "aria-label": "Week of sessions (scrolls sideways)", tabIndex: 0 } : {})}
      >
        <FullCalendar
          ref={calendar}
          plugins={[timeGridPlugin, dayGridPlugin, listPlugin, interactionPlugin]}
          locale={enGbLocale}
          timeZone="UTC"
          now={() => wallNow(timeZone)}
          views={CUSTOM_VIEWS}
          initialView={view}
          headerToolbar={false}
          height="auto"
          windowResizeDelay={50}
          allDaySlot={false}
          nowIndicator
          slotEventOverlap={false}
          slotMinTime={hours.min}
          slotMaxTime={hours.max}
          slotLabelFormat={{
            hour: "2-digit",
            minute: "2-digit",
            hour12: false,
          }}
          eventTimeFormat={{
            hour: "2-digit",
            minute: "2-digit",
            hour12: false,
          }}
          dayHeaderFormat={
            view !== "timeGridWeek"
              ? { weekday: "short" }
              : narrow
                ? { weekday: "short", day: "numeric" }
                : { weekday: "short", day: "numeric", month: "short" }
          }
          listDayFormat={{ weekday: "long", day: "numeric", month: "long" }}
          listDaySideFormat={false}
          eventDisplay="block"
          dayMaxEvents={4}
          eventInteractive
          snapDuration="00:15:00"
          eventAllow={(span, event) => !isPastWall(landingStart(span, event?.start ?? null), timeZone)}
          eventDrop={(arg: EventDropArg) => dragged("move", arg.event, arg.revert)}
          eventResize={(arg: EventResizeDoneArg) => dragged("resize", arg.event, arg.revert)}
          events={events}
          eventContent={(arg) => <EventBody arg={arg} onOpen={setOpenId} showTutor={area === "admin"} />}
          eventDidMount={(arg) => {
            // FullCalendar makes an event focusable (Enter opens it); say it is a button.
            const target = arg.el.matches("[tabindex]") ? arg.el : arg.el.querySelector("[tabindex]");
            target?.setAttribute("role", "button");
          }}
          eventClick={(arg: EventClickArg) => {
            arg.jsEvent.preventDefault();
            setOpenId(arg.event.id);
          }}
          datesSet={onDates}
          noEventsContent={`No sessions in these ${LIST_DAYS} days.`}
        />
      </Box>
      <SessionDrawer
        area={area}
        session={open}
        timeZone={timeZone}
        onClose={() => setOpenId(null)}
        onEdit={(session) => {
          setOpenId(null);
          setEditingId(session.id);
        }}
      />
      {canSchedule(area) ? (
        <>
          {drag.dialog}
          <EditSessionModal
            area={area}
            timeZone={timeZone}
            session={editing}
            onCancel={() => {
              // Back to the session's details, where "Edit" was chosen.
              setOpenId(editingId);
              setEditingId(null);
            }}
            onSaved={(first) => {
              setEditingId(null);
              if (first) api()?.gotoDate(first.local.date);
            }}
          />
        </>
      ) : null}
      {canSchedule(area) ? (
        <ScheduleSessionModal
          area={area}
          timeZone={timeZone}
          opened={scheduling}
          onClose={schedule.close}
          presetTutorMemberId={filters.tutorMemberId ?? null}
          onScheduled={(first) => api()?.gotoDate(first.local.date)}
        />
      ) : null}
    </Stack>
  );
}
