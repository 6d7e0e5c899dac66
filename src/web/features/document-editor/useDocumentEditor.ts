import { useCallback, useMemo, useReducer, useRef, useState } from "react";
import { toast } from "sonner";
import { companySnapshot } from "#domain/company-snapshot";
import type { InvoiceInput } from "#domain/invoice";
import type { Settings } from "#domain/settings";
import { ApiError } from "#web/api";
import { type EditorAction, editorReducer } from "#web/features/documents/editor/draft";
import { FieldErrors } from "#web/features/documents/editor/errors";
import { markPreviewInput, previewDocument } from "#web/features/documents/editor/preview-document";
import { useLeaveGuard } from "#web/features/documents/editor/useLeaveGuard";

const NO_ERRORS: Record<string, string> = {};

/** What a kind's editor says about a refused action: the toast and the fields to mark. */
export type DescribeError<Name extends string> = (
  error: unknown,
  action: Name,
) => { title: string; message: string; fields: Record<string, string> };

/**
 * How a quote's, proforma's or challan's editor reads a refusal: the server's field names as the
 * shared sections name them, a number already taken on the number field, and the action's title.
 */
export function describeDocumentError<Name extends string>(
  sectionFields: (fields: Record<string, string>) => Record<string, string>,
  title: (action: Name) => string,
): DescribeError<Name> {
  return (error, action) => {
    const fields = error instanceof ApiError ? sectionFields(error.fields ?? {}) : {};
    if (error instanceof ApiError && error.code === "quote_number_taken")
      fields.invoiceNumber = error.message;
    return { title: title(action), message: (error as Error).message, fields };
  };
}

/**
 * The state every document editor keeps: the form's input (one reducer for every kind), its field
 * errors, the action running (`busy`), the leave guard, and `run`, which runs an action and shows
 * what went wrong. Each kind brings its actions and how to read its server's refusals.
 */
export function useDocumentEditor<Name extends string>(
  initialInput: InvoiceInput,
  describeError: DescribeError<Name>,
) {
  const [state, rawDispatch] = useReducer(editorReducer, { input: initialInput, dirty: false });
  const stateRef = useRef(state);
  stateRef.current = state;
  const dispatch = useCallback((action: EditorAction) => {
    markPreviewInput();
    rawDispatch(action);
  }, []);
  const [errors, setErrors] = useState(NO_ERRORS);
  const [busy, setBusy] = useState<Name | null>(null);
  const guard = useLeaveGuard(state.dirty);
  const numberEdited = useRef(false);
  const onNumberEdited = useCallback(() => {
    numberEdited.current = true;
  }, []);
  const input = state.input;

  /** The server's version of the document: the form shows it, unless the user typed on meanwhile. */
  const adoptInput = useCallback((next: InvoiceInput, submitted?: InvoiceInput) => {
    setErrors(NO_ERRORS);
    if (!submitted || stateRef.current.input === submitted) rawDispatch({ type: "load", input: next });
  }, []);

  function fail(error: unknown, action: Name) {
    const { title, message, fields } =
      error instanceof FieldErrors
        ? { title: "Check the highlighted fields", message: error.message, fields: error.fields }
        : describeError(error, action);
    setErrors(fields);
    toast.error(title, { description: message });
    if (Object.keys(fields).length) focusFirstError();
  }

  /** Runs one action (the bar shows it busy): its result, or undefined when refused (toasted). */
  async function run<T>(name: Name, work: () => Promise<T>, success?: string): Promise<T | undefined> {
    setBusy(name);
    try {
      const result = await work();
      if (success) toast.success(success);
      return result;
    } catch (error) {
      fail(error, name);
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  const options = useMemo(
    () => ({
      notes: input.notes,
      terms: input.terms,
      includeBankDetails: input.includeBankDetails,
      bankDetails: input.bankDetails,
      includeSignature: input.includeSignature,
      includeUpiQrCode: input.includeUpiQrCode,
      template: input.template,
      primaryColor: input.primaryColor,
      accentColor: input.accentColor,
      fontFamily: input.fontFamily,
    }),
    [
      input.notes,
      input.terms,
      input.includeBankDetails,
      input.bankDetails,
      input.includeSignature,
      input.includeUpiQrCode,
      input.template,
      input.primaryColor,
      input.accentColor,
      input.fontFamily,
    ],
  );

  return {
    input,
    dirty: state.dirty,
    stateRef,
    dispatch,
    adoptInput,
    errors,
    busy,
    run,
    guard,
    numberEdited,
    onNumberEdited,
    /** The printing options' fields, one object while none of them changes (the section is memo). */
    options,
  };
}

/**
 * The company as the server will snapshot it from Settings on save, and the form's document with
 * its totals and page, worked out again as the input changes.
 */
export function useDocumentPreview(input: InvoiceInput, settings: Settings, amountPaidMinor = 0) {
  const company = useMemo(() => companySnapshot(settings), [settings]);
  const preview = useMemo(
    () => previewDocument(input, company, amountPaidMinor),
    [input, company, amountPaidMinor],
  );
  return { company, preview };
}

function focusFirstError() {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>("#panel-edit [aria-invalid='true']");
    el?.focus();
  });
}
