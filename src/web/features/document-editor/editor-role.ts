import { createContext, useContext } from "react";
import type { BusinessAction } from "#domain/roles";
import { useMay } from "#web/features/members/role";

// What changing the document in an editor needs (decision 0079): the shell provides it, and each
// button of its action bar is offered only to a role that may do it (its own action, else this).

export const EditorWriteAction = createContext<BusinessAction>("documents.write");

/** May the current role use a button of the editor that does `action` (default: the editor's)? */
export function useMayInEditor(action?: BusinessAction): boolean {
  const editorAction = useContext(EditorWriteAction);
  return useMay(action ?? editorAction);
}
