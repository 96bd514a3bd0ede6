import type { WorkflowInstance } from '@app/contract/workflows';

/** One entry of the dialog: Mantine selects hold ids as strings. */
export interface ChildDraft {
  name: string;
  description: string;
  workflow_id: string | null;
  action_id: string | null;
}
export interface MenuDraft extends ChildDraft {
  children: ChildDraft[];
}

/** What `POST /chats/menus` takes for one menu (the contract's chatMenuBody). */
export interface MenuBody {
  name: string;
  description: string;
  workflow_id: number;
  action_id: number;
  children: Omit<MenuBody, 'children'>[];
}

export const emptyChild = (): ChildDraft => ({
  name: '',
  description: '',
  workflow_id: null,
  action_id: null,
});
export const emptyMenu = (): MenuDraft => ({ ...emptyChild(), children: [] });

/** Refusals of 'Add New Menu' and 'Save All Menus' (client-area §5), as i18n keys. */
export type Refusal = 'chatMenus.fillOneName' | 'chatMenus.fillRequired';

/** Form path → i18n key of its message ('Enter menu name', 'Child menu name is required', …). */
export function validateMenu(draft: MenuDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name.trim()) errors.name = 'chatMenus.nameRequired';
  if (!draft.description.trim()) errors.description = 'chatMenus.descriptionRequired';
  if (!draft.workflow_id) errors.workflow_id = 'chatMenus.workflowRequired';
  if (!draft.action_id) errors.action_id = 'chatMenus.actionRequired';
  draft.children.forEach((child, index) => {
    const at = `children.${index}`;
    if (!child.name.trim()) errors[`${at}.name`] = 'chatMenus.childNameRequired';
    if (!child.description.trim()) errors[`${at}.description`] = 'chatMenus.childDescriptionRequired';
    if (!child.workflow_id) errors[`${at}.workflow_id`] = 'chatMenus.workflowRequired';
    if (!child.action_id) errors[`${at}.action_id`] = 'chatMenus.actionRequired';
  });
  return errors;
}

const blankChild = (entry: ChildDraft) =>
  !entry.name.trim() && !entry.description.trim() && !entry.workflow_id && !entry.action_id;

/** Nothing typed or chosen yet: the editor is as the dialog opened it. */
export const isBlankMenu = (draft: MenuDraft) => blankChild(draft) && draft.children.every(blankChild);

/**
 * Why the entry cannot go into the Temporary Menu List: no menu name yet ('Please fill at least
 * one menu name'), or a required field of it or of a child missing ('Please fill all required
 * fields correctly'); null when it can.
 */
export function addRefusal(draft: MenuDraft): Refusal | null {
  if (!draft.name.trim()) return 'chatMenus.fillOneName';
  return Object.keys(validateMenu(draft)).length > 0 ? 'chatMenus.fillRequired' : null;
}

/** The list with the entry added at the end, or put back in place of the one being edited. */
export const placeEntry = (list: MenuDraft[], entry: MenuDraft, editing: number | null) =>
  editing === null || editing >= list.length
    ? [...list, entry]
    : list.map((existing, index) => (index === editing ? entry : existing));

/**
 * What 'Save All Menus' sends: the Temporary Menu List, with the entry still in the editor when
 * something was typed there (or it is being edited). Refused when that entry is not complete or
 * when there is nothing to save.
 */
export function menusToSave(
  list: MenuDraft[],
  current: MenuDraft,
  editing: number | null,
): { ok: true; menus: MenuDraft[] } | { ok: false; refusal: Refusal } {
  if (editing !== null || !isBlankMenu(current)) {
    const refusal = addRefusal(current);
    return refusal ? { ok: false, refusal } : { ok: true, menus: placeEntry(list, current, editing) };
  }
  return list.length === 0 ? { ok: false, refusal: 'chatMenus.fillOneName' } : { ok: true, menus: list };
}

const entryBody = (entry: ChildDraft) => ({
  name: entry.name.trim(),
  description: entry.description.trim(),
  workflow_id: Number(entry.workflow_id),
  action_id: Number(entry.action_id),
});

export const menuBody = (draft: MenuDraft): MenuBody => ({
  ...entryBody(draft),
  children: draft.children.map(entryBody),
});

/**
 * The workflow picker's options, labelled with the workflow's template name; a name that two
 * workflows share gets the workflow's number so that they can be told apart.
 */
export function workflowOptions(workflows: Pick<WorkflowInstance, 'id' | 'workflow_name'>[]) {
  const counts = new Map<string, number>();
  for (const workflow of workflows)
    counts.set(workflow.workflow_name, (counts.get(workflow.workflow_name) ?? 0) + 1);
  return workflows.map((workflow) => ({
    value: String(workflow.id),
    label:
      (counts.get(workflow.workflow_name) ?? 0) > 1
        ? `${workflow.workflow_name} (#${workflow.id})`
        : workflow.workflow_name,
  }));
}
