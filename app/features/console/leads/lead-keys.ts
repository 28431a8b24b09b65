/**
 * The inbox's keyboard (issue 31): `j`/`k` move to the next or previous lead, `e` changes the open
 * lead's status, `?` lists them. Pure, so each key is unit-tested; LeadsInbox.tsx listens.
 */

export type LeadKeyAction = "next" | "previous" | "status" | "help";

/** The shortcuts as the help dialog lists them, in its order. */
export const leadShortcuts: readonly { keys: string; action: LeadKeyAction; what: string }[] = [
  { keys: "j", action: "next", what: "Open the next lead" },
  { keys: "k", action: "previous", what: "Open the previous lead" },
  { keys: "e", action: "status", what: "Change the open lead's status" },
  { keys: "?", action: "help", what: "Show these shortcuts" },
];

/** What a key press asks for; nothing while typing in a field or with Ctrl, Alt or Meta held (the browser's keys). */
export function leadKeyAction(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: { tagName?: string; isContentEditable?: boolean } | null;
}): LeadKeyAction | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey) return undefined;
  const tag = event.target?.tagName?.toLowerCase();
  if (tag === "input" || tag === "textarea" || tag === "select" || event.target?.isContentEditable) return undefined;
  return leadShortcuts.find((shortcut) => shortcut.keys === event.key)?.action;
}

/** The lead `step` rows from the open one in the list; the first (or last) when none is open; undefined past an end. */
export function neighbourOf(ids: readonly number[], open: number | undefined, step: 1 | -1): number | undefined {
  if (!ids.length) return undefined;
  const at = open === undefined ? -1 : ids.indexOf(open);
  if (at === -1) return step === 1 ? ids[0] : ids[ids.length - 1];
  return ids[at + step];
}
