import { useNavigation } from "react-router";

/**
 * True while a form is being sent and its answer loaded: any form, or the one told apart by its
 * `intent` (and the `id` of the record it acts on, where a list holds one form per row).
 */
export function useSubmitting(intent?: string, id?: string) {
  const navigation = useNavigation();
  const form = navigation.formData;
  if (navigation.state === "idle" || !form) return false;
  return (intent === undefined || form.get("intent") === intent) && (id === undefined || form.get("id") === id);
}
