import { useState } from "react";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { cn } from "#app/lib/cn.ts";

// A list whose items are put in order by dragging (dnd-kit): with a pointer or a finger on an
// item's handle, or from the keyboard (Space or Enter picks the item up on its handle, the arrow
// keys move it, Space or Enter drops it, Escape puts it back), each step read out to screen
// readers. Dropped, the item's new place (1 is the first) goes to `onPlace`, and the list shows
// the new order at once. The handles need JavaScript: the page renders them only once hydrated,
// and the list's Up and Down buttons stay for everyone.

type SortableListProps<Item> = {
  items: readonly Item[];
  keyOf: (item: Item) => string;
  /** What an item is called when read out ("How much does a website cost?"). */
  nameOf: (item: Item) => string;
  /** Draws one item; `handle` is its drag handle (null until the page is hydrated). */
  render: (item: Item, index: number, handle: React.ReactNode) => React.ReactNode;
  onPlace: (key: string, position: number) => void;
  /** Handles shown (the page is hydrated). */
  enabled: boolean;
  className?: string;
  "aria-label": string;
};

export function SortableList<Item>({
  items,
  keyOf,
  nameOf,
  render,
  onPlace,
  enabled,
  className,
  "aria-label": label,
}: SortableListProps<Item>) {
  // The order shown: the loader's, or the one just dropped until the loader's catches up.
  const [dropped, setDropped] = useState<{ from: readonly Item[]; keys: string[] } | null>(null);
  const keys = dropped && dropped.from === items ? dropped.keys : items.map(keyOf);
  const byKey = new Map(items.map((item) => [keyOf(item), item]));
  const shown = keys.map((k) => byKey.get(k)).filter((item): item is Item => item !== undefined);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: string | number) => nameOf(byKey.get(String(id))!);
  const place = (id: string | number | undefined) => (id === undefined ? 0 : keys.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up “${name(active.id)}”, at place ${place(active.id)} of ${keys.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `“${name(active.id)}” is over place ${place(over.id)} of ${keys.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `Dropped “${name(active.id)}” at place ${place(over.id)} of ${keys.length}.` : undefined,
    onDragCancel: ({ active }) => `Put back “${name(active.id)}” where it was.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    setDropped({ from: items, keys: arrayMove(keys, from, to) });
    onPlace(String(active.id), to + 1);
  }

  return (
    <DndContext
      // A fixed id: the ids dnd-kit gives its descriptions are then the same on the server.
      id={`sortable-${label}`}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        // Read out from the end of the page, apart from the page's own status (dnd-kit renders
        // them once mounted, so never on the server).
        container: typeof document === "undefined" ? undefined : document.body,
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move an item, press Space or Enter. Then move it with the arrow keys, and press Space or Enter to drop it where it is, or Escape to put it back.",
        },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {shown.map((item, i) => (
            <Row key={keyOf(item)} id={keyOf(item)} name={nameOf(item)} enabled={enabled}>
              {(handle) => render(item, i, handle)}
            </Row>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Row({
  id,
  name,
  enabled,
  children,
}: {
  id: string;
  name: string;
  enabled: boolean;
  children: (handle: React.ReactNode) => React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled: !enabled });
  const handle = enabled ? (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag “${name}” to another place`}
      className="grid size-11 shrink-0 cursor-grab touch-none place-items-center rounded-full border border-line text-ink-muted hover:border-primary hover:text-primary-ink active:cursor-grabbing"
    >
      {/* Six dots, drawn here: the site's icon sprite stays as the public pages need it. */}
      <svg viewBox="0 0 10 16" className="h-4 w-2.5" aria-hidden="true" fill="currentColor">
        {[2, 8, 14].flatMap((y) => [2, 8].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
      </svg>
    </button>
  ) : null;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("relative", isDragging && "z-10 shadow-lg")}
    >
      {children(handle)}
    </li>
  );
}
