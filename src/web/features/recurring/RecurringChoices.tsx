import { useState } from "react";
import type { RecurrenceEnd } from "#domain/recurring";
import { CheckboxField, type Choice, SelectField, TextField } from "#web/components/ui/input";

// What a recurring profile does each time and when it ends: the same fields where one is made
// (the invoice's Make recurring) and where one is changed (the recurring list).

type Action = "draft" | "issue" | "send";
const ACTION_CHOICES: Choice<Action>[] = [
  { value: "draft", label: "Make a draft for me to review" },
  { value: "issue", label: "Issue the invoice" },
  { value: "send", label: "Issue it and e-mail it to the client" },
];
const END_CHOICES: Choice<RecurrenceEnd["type"]>[] = [
  { value: "never", label: "Never" },
  { value: "after", label: "After a number of invoices" },
  { value: "on", label: "On a date" },
];

export function useRecurringChoices(initial: {
  action: Action;
  attachPdf: boolean;
  dueDays: number | null;
  end: RecurrenceEnd;
}) {
  const [action, setAction] = useState<Action>(initial.action);
  const [attachPdf, setAttachPdf] = useState(initial.attachPdf);
  const [due, setDue] = useState(initial.dueDays === null ? "" : String(initial.dueDays));
  const [endType, setEndType] = useState<RecurrenceEnd["type"]>(initial.end.type);
  const [count, setCount] = useState(initial.end.type === "after" ? String(initial.end.count) : "12");
  const [endDate, setEndDate] = useState(initial.end.type === "on" ? initial.end.date : "");
  const end: RecurrenceEnd =
    endType === "never"
      ? { type: "never" }
      : endType === "after"
        ? { type: "after", count: Number(count) }
        : { type: "on", date: endDate };
  return {
    action,
    setAction,
    attachPdf,
    setAttachPdf,
    due,
    setDue,
    endType,
    setEndType,
    count,
    setCount,
    endDate,
    setEndDate,
    /** What the API takes. */
    values: {
      action,
      attachPdf: action === "send" && attachPdf,
      dueDays: due.trim() === "" ? null : Number(due),
      end,
    },
  };
}

type Choices = ReturnType<typeof useRecurringChoices>;

/** Each time: a draft, issued, or issued and e-mailed (with the PDF or not); the due date's days. */
export function ActionFields({
  choices: c,
  errors,
  attachNote,
  wide = "",
}: {
  choices: Choices;
  errors: { action?: string; dueDays?: string };
  attachNote: string;
  /** The class that spans the form's columns, where it has two. */
  wide?: string;
}) {
  return (
    <>
      <SelectField
        label="Each time"
        className={wide}
        error={errors.action}
        options={ACTION_CHOICES}
        value={c.action}
        onChange={c.setAction}
      />
      {c.action === "send" && (
        <CheckboxField label={attachNote} className={wide} checked={c.attachPdf} onChange={c.setAttachPdf} />
      )}
      <TextField
        label="Due after … days"
        hint="Blank for no due date."
        error={errors.dueDays}
        type="number"
        min={0}
        max={365}
        value={c.due}
        onChange={c.setDue}
      />
    </>
  );
}

/** When the profile ends: never, after a number of invoices, or on a date (included). */
export function EndFields({
  choices: c,
  errors,
}: {
  choices: Choices;
  errors: { end?: string; count?: string; date?: string };
}) {
  return (
    <>
      <SelectField
        label="Ends"
        error={errors.end}
        options={END_CHOICES}
        value={c.endType}
        onChange={c.setEndType}
      />
      {c.endType === "after" && (
        <TextField
          label="Number of invoices"
          error={errors.count}
          type="number"
          min={1}
          max={999}
          value={c.count}
          onChange={c.setCount}
        />
      )}
      {c.endType === "on" && (
        <TextField
          label="Last date (included)"
          error={errors.date}
          type="date"
          value={c.endDate}
          onChange={c.setEndDate}
        />
      )}
    </>
  );
}
