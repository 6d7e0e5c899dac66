import { useState } from "react";
import type { RecurrenceEnd } from "#domain/recurring";
import { Field, Input, Select } from "#web/components/ui/input";

// What a recurring profile does each time and when it ends: the same fields where one is made
// (the invoice's Make recurring) and where one is changed (the recurring list).

type Action = "draft" | "issue" | "send";

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
      <Field label="Each time" className={wide} error={errors.action}>
        {(p) => (
          <Select {...p} value={c.action} onChange={(e) => c.setAction(e.target.value as Action)}>
            <option value="draft">Make a draft for me to review</option>
            <option value="issue">Issue the invoice</option>
            <option value="send">Issue it and e-mail it to the client</option>
          </Select>
        )}
      </Field>
      {c.action === "send" && (
        <label className={`flex items-center gap-2 text-sm ${wide}`}>
          <input type="checkbox" checked={c.attachPdf} onChange={(e) => c.setAttachPdf(e.target.checked)} />
          {attachNote}
        </label>
      )}
      <Field label="Due after … days" hint="Blank for no due date." error={errors.dueDays}>
        {(p) => (
          <Input
            {...p}
            type="number"
            min={0}
            max={365}
            value={c.due}
            onChange={(e) => c.setDue(e.target.value)}
          />
        )}
      </Field>
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
      <Field label="Ends" error={errors.end}>
        {(p) => (
          <Select
            {...p}
            value={c.endType}
            onChange={(e) => c.setEndType(e.target.value as RecurrenceEnd["type"])}
          >
            <option value="never">Never</option>
            <option value="after">After a number of invoices</option>
            <option value="on">On a date</option>
          </Select>
        )}
      </Field>
      {c.endType === "after" && (
        <Field label="Number of invoices" error={errors.count}>
          {(p) => (
            <Input
              {...p}
              type="number"
              min={1}
              max={999}
              value={c.count}
              onChange={(e) => c.setCount(e.target.value)}
            />
          )}
        </Field>
      )}
      {c.endType === "on" && (
        <Field label="Last date (included)" error={errors.date}>
          {(p) => (
            <Input {...p} type="date" value={c.endDate} onChange={(e) => c.setEndDate(e.target.value)} />
          )}
        </Field>
      )}
    </>
  );
}
