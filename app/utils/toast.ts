export type Toast = {
  id: string;
  type: "success" | "error";
  title: string;
  description?: string;
};

export function toastMessage(type: Toast["type"], title: string, description?: string): Toast {
  return { id: crypto.randomUUID(), type, title, description };
}
