import { type QueryKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type FormErrors, showSaveError } from "#web/lib/form";

/**
 * A settings card's form over one resource of the server: filled from its query once loaded,
 * edited here, saved back. The saved answer replaces the cached one; a refusal shows by its fields.
 * `toForm` must be a module-level function (the form is refilled when it changes).
 */
export function useSavedForm<Answer, Form, Body>({
  queryKey,
  load,
  save,
  toForm,
  onSaved,
  failedTitle,
}: {
  queryKey: QueryKey;
  load: () => Promise<Answer>;
  save: (body: Body) => Promise<Answer>;
  toForm: (answer: Answer) => Form;
  onSaved: (answer: Answer) => void;
  failedTitle: string;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: load });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  useEffect(() => {
    if (query.data) setForm(toForm(query.data));
  }, [query.data, toForm]);
  const saving = useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      setErrors({});
      onSaved(answer);
    },
    onError: showSaveError(failedTitle, setErrors),
  });
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  return { form, setForm, set, errors, saving };
}
