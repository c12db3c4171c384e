import {
  type Announcements,
  type ClientRect,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  type KeyboardCoordinateGetter,
  PointerSensor,
  type ScreenReaderInstructions,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { ActionIcon, Anchor, Badge, Box, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconGripVertical } from "@tabler/icons-react";
import { useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import type { BoardCard, BoardColumn } from "../../../../shared/schemas/crm-board.ts";
import type { Stage } from "../../../../shared/schemas/crm.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatDay } from "../../../lib/format-time.ts";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import { type CrmArea, leadHref, useBoard, useStaff } from "../api.ts";
import { isOverdue, leadTitle, SOURCE_LABELS, timeInStage, todayIn } from "../format.ts";
import { type MovingLead, MoveMenu, useStageMove, WON_BY_CONVERTING } from "./stage-move.tsx";

const COLUMN_WIDTH = 252;

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    "To move this lead to another stage, press Space or Enter to pick it up, the arrow keys to choose the stage, and Space or Enter to drop it there. Escape cancels. The Move menu beside it does the same.",
};

/**
 * The pipeline board: a column per stage with its count and its first cards (open stages
 * longest waiting first). A card moves by dragging it with the pointer, by the keyboard (pick up
 * its handle with Space, arrow keys between stages, Space to drop) or with its Move menu. Wide
 * screens show the columns side by side in a region that scrolls sideways on its own; phones
 * stack them.
 */
export function PipelineBoard({ area, ownerFilter }: { area: CrmArea; ownerFilter: boolean }) {
  const [owner, setOwner] = useState<string | null>(null);
  const staff = useStaff(ownerFilter);
  const board = useBoard(area, owner);
  return (
    <Stack gap="md">
      {ownerFilter ? (
        <Group role="search" aria-label="Filter the board">
          <Select
            label="Owner"
            data={[{ value: "any", label: "Everyone" }, ...(staff.data ?? []).map((member) => ({ value: member.memberId, label: member.name }))]}
            value={owner ?? "any"}
            onChange={(value) => setOwner(value && value !== "any" ? value : null)}
            allowDeselect={false}
            w={{ base: "100%", xs: 240 }}
          />
        </Group>
      ) : null}
      <QueryState query={board} label="the board">
        {(data) => <Columns area={area} columns={data.columns} lostReasons={data.lostReasons} busy={board.isPlaceholderData} showOwner={ownerFilter} />}
      </QueryState>
    </Stack>
  );
}

function Columns({
  area,
  columns,
  lostReasons,
  busy,
  showOwner,
}: {
  area: CrmArea;
  columns: BoardColumn[];
  lostReasons: string[];
  busy: boolean;
  showOwner: boolean;
}) {
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  const { timeZone } = useDisplayTimeZone();
  const today = todayIn(timeZone ?? "UTC");
  const stages = useMemo(() => columns.map((column) => column.stage), [columns]);
  const stageMove = useStageMove(area, lostReasons);
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const labelId = useId();

  const cardOf = (id: string) => columns.flatMap((column) => column.cards).find((card) => card.id === id);
  const stageOfCard = (id: string) => columns.find((column) => column.cards.some((card) => card.id === id))?.stage;
  const stageName = (id: string | number | undefined) => stages.find((stage) => stage.id === id)?.name ?? "no stage";

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stageByStage(stages.map((stage) => stage.id)) }),
  );
  const justPicked = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(cardOf(String(active.id)))} in ${stageOfCard(String(active.id))?.name ?? "its stage"}.`,
    onDragOver: ({ active, over }) => {
      // The first "over" is the card's own column, at once: it would cut off "Picked up…".
      const first = justPicked.current;
      justPicked.current = false;
      if (first && over?.id === active.data.current?.stageId) return undefined;
      return over ? `Over ${stageName(over.id)}.` : "Not over a stage.";
    },
    onDragEnd: ({ active, over }) =>
      over ? `Dropped ${nameOf(cardOf(String(active.id)))} in ${stageName(over.id)}.` : "Dropped outside the stages: nothing moved.",
    onDragCancel: ({ active }) => `Move cancelled: ${nameOf(cardOf(String(active.id)))} stays where it was.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    justPicked.current = true;
    setDragging(cardOf(String(active.id)) ?? null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const card = cardOf(String(active.id));
    const from = stageOfCard(String(active.id));
    const to = stages.find((stage) => stage.id === over?.id);
    if (card && from && to && to.id !== from.id) stageMove.move(moving(card, from), to);
  };

  const renderColumn = (column: BoardColumn) => (
    <StageColumn
      key={column.stage.id}
      area={area}
      column={column}
      stages={stages}
      today={today}
      wide={wide}
      showOwner={showOwner}
      onMove={(card, stage) => stageMove.move(moving(card, column.stage), stage)}
    />
  );

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
    >
      <Text id={labelId} size="sm" c="dimmed">
        {wide
          ? "Pipeline board: one column per stage. Scroll sideways inside the board to see every stage."
          : "Pipeline board: one section per stage, from the first to lost."}
      </Text>
      {wide ? (
        <Box
          role="region"
          aria-labelledby={labelId}
          // Scrollable by keyboard too: the region takes the focus and the arrow keys scroll it.
          tabIndex={0}
          aria-busy={busy || undefined}
          style={{ overflowX: "auto", paddingBottom: 8, opacity: busy ? 0.6 : 1 }}
        >
          <Group align="flex-start" wrap="nowrap" gap="sm" style={{ width: "max-content" }}>
            {columns.map(renderColumn)}
          </Group>
        </Box>
      ) : (
        <Stack component="div" role="region" aria-labelledby={labelId} aria-busy={busy || undefined} gap="sm">
          {columns.map(renderColumn)}
        </Stack>
      )}
      <DragOverlay>
        {dragging ? (
          <Paper withBorder shadow="md" radius="sm" p="xs" w={COLUMN_WIDTH - 24}>
            <CardBody card={dragging} today={today} showOwner={showOwner} />
          </Paper>
        ) : null}
      </DragOverlay>
      {stageMove.dialog}
    </DndContext>
  );
}

const nameOf = (card: BoardCard | undefined) => (card ? leadTitle(card) : "the lead");
const moving = (card: BoardCard, stage: Stage): MovingLead => ({ id: card.id, name: leadTitle(card), stageId: stage.id });

/**
 * The keyboard's moves: an arrow key takes the picked-up card to the next or the previous stage
 * (right and down, left and up), not a few pixels, so that every stage is one key press away.
 */
function stageByStage(order: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 } as Record<string, number>)[event.code];
    if (!step) return undefined;
    event.preventDefault();
    const over = context.over ? order.indexOf(String(context.over.id)) : -1;
    const start = over === -1 ? order.indexOf(String(context.active?.data.current?.stageId)) : over;
    const target = order[Math.min(order.length - 1, Math.max(0, start + step))];
    const rect: ClientRect | undefined = target ? context.droppableRects.get(target) : undefined;
    return rect ? { x: rect.left + 4, y: rect.top + 4 } : undefined;
  };
}

function StageColumn({
  area,
  column,
  stages,
  today,
  wide,
  showOwner,
  onMove,
}: {
  area: CrmArea;
  column: BoardColumn;
  stages: Stage[];
  today: string;
  wide: boolean;
  showOwner: boolean;
  onMove: (card: BoardCard, stage: Stage) => void;
}) {
  const { stage, total, totalIsAtLeast, cards } = column;
  const { setNodeRef, isOver } = useDroppable({ id: stage.id });
  const headingId = useId();
  const more = total - cards.length;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="sm"
      // The scheme's own tints: a fixed light grey under the dark scheme's light text would not read.
      bg={isOver ? "var(--mantine-color-blue-light)" : "var(--mantine-color-default-hover)"}
      style={{
        width: wide ? COLUMN_WIDTH : "100%",
        flexShrink: 0,
        minHeight: wide ? 140 : undefined,
        borderColor: isOver ? "var(--mantine-color-blue-6)" : undefined,
      }}
    >
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Title order={2} size="h5" id={headingId}>
          {stage.name}
        </Title>
        <Badge
          variant="light"
          color={stage.outcome === "lost" ? "red" : stage.outcome === "won" ? "teal" : "gray"}
          aria-label={totalIsAtLeast ? `more than ${total - 1} leads` : `${total} ${total === 1 ? "lead" : "leads"}`}
        >
          {totalIsAtLeast ? `${total - 1}+` : total}
        </Badge>
      </Group>
      {stage.outcome === "won" ? (
        <Text size="xs" c="dimmed" mb="xs">
          {WON_BY_CONVERTING}
        </Text>
      ) : stage.outcome === "lost" ? (
        <Text size="xs" c="dimmed" mb="xs">
          Moving a lead here asks why it was lost.
        </Text>
      ) : null}
      {cards.length === 0 ? (
        <Text size="sm" c="dimmed">
          No lead in this stage.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label={`Leads in ${stage.name}`} style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {cards.map((card) => (
            <DraggableCard
              key={card.id}
              area={area}
              card={card}
              stage={stage}
              stages={stages}
              today={today}
              showOwner={showOwner}
              onMove={(to) => onMove(card, to)}
            />
          ))}
        </Stack>
      )}
      {more > 0 ? (
        <Text size="xs" c="dimmed" mt="xs">
          {totalIsAtLeast ? "More" : `${more} more`} in{" "}
          <Anchor underline="always" component={Link} to={`?tab=list&stageId=${encodeURIComponent(stage.id)}`} size="xs">
            the list
          </Anchor>
          .
        </Text>
      ) : null}
    </Paper>
  );
}

function DraggableCard({
  area,
  card,
  stage,
  stages,
  today,
  showOwner,
  onMove,
}: {
  area: CrmArea;
  card: BoardCard;
  stage: Stage;
  stages: Stage[];
  today: string;
  showOwner: boolean;
  onMove: (stage: Stage) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.id, data: { stageId: stage.id } });
  const name = leadTitle(card);
  // A converted lead stays won: it has nowhere to go.
  const movable = card.convertedAt === null;
  return (
    <Paper component="li" ref={setNodeRef} withBorder radius="sm" p="xs" style={{ opacity: isDragging ? 0.4 : 1 }}>
      <Group align="flex-start" gap={4} wrap="nowrap">
        {movable ? (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            mt={2}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${name} to another stage`}
            style={{ cursor: "grab", touchAction: "none" }}
          >
            <IconGripVertical size={16} aria-hidden="true" />
          </ActionIcon>
        ) : null}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <CardBody card={card} today={today} showOwner={showOwner} href={leadHref(area, card.id)} />
        </Box>
        {movable ? <MoveMenu compact lead={{ id: card.id, name, stageId: stage.id }} stages={stages} onMove={onMove} /> : null}
      </Group>
    </Paper>
  );
}

/** What a card says: the names (a link to the lead), the need, source and owner, time in stage and the next task. */
function CardBody({ card, today, showOwner, href }: { card: BoardCard; today: string; showOwner: boolean; href?: string }) {
  const need = [card.subjects.join(", "), card.level].filter(Boolean).join(" · ");
  const overdue = card.nextTask ? isOverdue(card.nextTask.dueOn, today) : false;
  return (
    <Stack gap={2} style={{ overflowWrap: "anywhere" }}>
      <Title order={3} size="sm" fw={600}>
        {href ? (
          <Anchor component={Link} to={href} inherit>
            {leadTitle(card)}
          </Anchor>
        ) : (
          leadTitle(card)
        )}
      </Title>
      {need ? <Text size="xs">{need}</Text> : null}
      <Text size="xs" c="dimmed">
        {SOURCE_LABELS[card.source]}
        {showOwner ? ` · ${card.owner?.name ?? "No owner"}` : ""}
      </Text>
      <Text size="xs" c="dimmed">
        {card.convertedAt ? "Converted" : `In this stage: ${timeInStage(card.stageEnteredAt)}`}
      </Text>
      {card.nextTask ? (
        <Text size="xs" c={overdue ? "red" : undefined} fw={overdue ? 600 : undefined}>
          {overdue ? "Overdue" : "Due"} {formatDay(card.nextTask.dueOn)}: {card.nextTask.title}
        </Text>
      ) : null}
    </Stack>
  );
}
