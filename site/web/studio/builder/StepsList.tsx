/**
 * The builder's steps: select, add, rename, delete, and reorder by dragging (mouse, touch or the keyboard's
 * Space-and-arrows, as dnd-kit's sortable offers) or by the "Move up" / "Move down" buttons.
 */

import { textIn } from '@antrag/core/builder';
import type { Locale, Step } from '@antrag/core/dsl/types';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Input } from 'antd';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type StudioT, useStudioT } from '../i18n.js';

interface StepsListProps {
  steps: Step[];
  selected: number;
  locale: Locale;
  onSelect(index: number): void;
  onAdd(title: string): void;
  onRename(index: number, title: string): void;
  /** Renaming given up: the focus goes back to the step. */
  onRenameCancel(index: number): void;
  onRemove(index: number): void;
  /** `dragged`: dropped by a drag, which dnd-kit announces itself. */
  onMove(from: number, to: number, dragged?: boolean): void;
}

/** A step's title in the builder's language, else in English, else its id. */
export function stepTitle(step: Step, locale: Locale): string {
  return textIn(step.title, locale) || textIn(step.title, 'en') || step.id;
}

export function StepsList({
  steps,
  selected,
  locale,
  onSelect,
  onAdd,
  onRename,
  onRenameCancel,
  onRemove,
  onMove,
}: StepsListProps) {
  const t = useStudioT();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // a new step given up: the focus goes back to "Add step"
  const [refocusAdd, setRefocusAdd] = useState(false);
  useEffect(() => {
    if (!refocusAdd) return;
    setRefocusAdd(false);
    addButton.current?.focus();
  }, [refocusAdd]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // a step's own id keeps its row (and the focus in it) when steps move; a repeated id (a broken form) its position
  const repeated = new Set(steps.map((s) => s.id).filter((id, i, all) => all.indexOf(id) !== i));
  const ids = steps.map((s, i) => (repeated.has(s.id) ? `${i}:${s.id}` : s.id));
  const titleOf = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return index >= 0 && steps[index] ? stepTitle(steps[index], locale) : '';
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to, true);
  };

  return (
    <section className="antrag-builder-steps" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} className="antrag-builder-steps-heading">
        {t('builder.steps.title')}
      </h2>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('builder.drag.instructions') },
          announcements: {
            onDragStart: ({ active }) => t('builder.drag.start', { step: titleOf(active.id) }),
            onDragOver: ({ active, over }) =>
              over
                ? t('builder.drag.over', { step: titleOf(active.id), position: ids.indexOf(String(over.id)) + 1 })
                : '',
            onDragEnd: ({ active, over }) =>
              over
                ? t('builder.drag.end', { step: titleOf(active.id), position: ids.indexOf(String(over.id)) + 1 })
                : t('builder.drag.cancel', { step: titleOf(active.id) }),
            onDragCancel: ({ active }) => t('builder.drag.cancel', { step: titleOf(active.id) }),
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="antrag-builder-step-list">
            {steps.map((step, index) => (
              <StepItem
                key={ids[index]}
                id={ids[index] as string}
                index={index}
                count={steps.length}
                title={stepTitle(step, locale)}
                selected={index === selected}
                t={t}
                onSelect={() => onSelect(index)}
                onRename={(title) => (title ? onRename(index, title) : onRenameCancel(index))}
                onRemove={() => onRemove(index)}
                onMove={(to) => onMove(index, to)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {adding ? (
        <TitleForm
          label={t('builder.steps.newTitle')}
          submitLabel={t('builder.steps.add')}
          initial=""
          t={t}
          onDone={(title) => {
            setAdding(false);
            if (title) onAdd(title);
            else setRefocusAdd(true);
          }}
        />
      ) : (
        <Button ref={addButton} onClick={() => setAdding(true)}>
          {t('builder.steps.add')}
        </Button>
      )}
    </section>
  );
}

interface StepItemProps {
  id: string;
  index: number;
  count: number;
  title: string;
  selected: boolean;
  t: StudioT;
  onSelect(): void;
  onRename(title: string): void;
  onRemove(): void;
  onMove(to: number): void;
}

function StepItem({ id, index, count, title, selected, t, onSelect, onRename, onRemove, onMove }: StepItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const [renaming, setRenaming] = useState(false);
  const style = { transform: CSS.Transform.toString(transform), transition };
  const position = t('builder.steps.position', { n: index + 1, count });
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-step-row={id}
      className={`antrag-builder-step${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
    >
      {renaming ? (
        <TitleForm
          label={t('builder.steps.renameLabel', { step: title })}
          submitLabel={t('builder.steps.renameDone')}
          initial={title}
          t={t}
          onDone={(next) => {
            setRenaming(false);
            onRename(next && next !== title ? next : '');
          }}
        />
      ) : (
        <>
          <button
            type="button"
            className="antrag-builder-drag"
            aria-label={t('builder.steps.drag', { step: title })}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⋮⋮</span>
          </button>
          <button
            type="button"
            className="antrag-builder-step-title"
            aria-current={selected ? 'step' : undefined}
            onClick={onSelect}
          >
            <span className="antrag-builder-step-number">{index + 1}.</span> {title}
            <span className="antrag-studio-visually-hidden">, {position}</span>
          </button>
          <span className="antrag-builder-row-actions">
            <Button
              size="small"
              aria-label={t('builder.moveUpNamed', { name: title })}
              data-move="up"
              aria-disabled={index === 0}
              className={index === 0 ? 'is-unavailable' : undefined}
              onClick={() => {
                if (!(index === 0)) onMove(index - 1);
              }}
            >
              {t('builder.moveUp')}
            </Button>
            <Button
              size="small"
              aria-label={t('builder.moveDownNamed', { name: title })}
              data-move="down"
              aria-disabled={index === count - 1}
              className={index === count - 1 ? 'is-unavailable' : undefined}
              onClick={() => {
                if (!(index === count - 1)) onMove(index + 1);
              }}
            >
              {t('builder.moveDown')}
            </Button>
            <Button
              size="small"
              aria-label={t('builder.steps.renameNamed', { step: title })}
              onClick={() => setRenaming(true)}
            >
              {t('builder.steps.rename')}
            </Button>
            <Button
              size="small"
              danger
              aria-label={t('builder.deleteNamed', { name: title })}
              disabled={count === 1}
              onClick={onRemove}
            >
              {t('builder.delete')}
            </Button>
          </span>
        </>
      )}
    </li>
  );
}

/** A one-line title form: Enter or the button keeps it, Escape gives up. */
function TitleForm({
  label,
  submitLabel,
  initial,
  t,
  onDone,
}: {
  label: string;
  submitLabel: string;
  initial: string;
  t: StudioT;
  onDone(title: string | undefined): void;
}) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone(value.trim() || undefined);
  };
  return (
    <form className="antrag-builder-title-form" onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        autoFocus
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone(undefined);
        }}
      />
      <Button htmlType="submit" type="primary" size="small">
        {submitLabel}
      </Button>
      <Button size="small" onClick={() => onDone(undefined)}>
        {t('builder.cancel')}
      </Button>
    </form>
  );
}
