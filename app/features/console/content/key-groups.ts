/** The content list grouped by the page each key belongs to, in the list's order, with the names editors use. */
import type { ContentListItem } from "#common/console-api.ts";
import { isEditableKey, keyOrder, keyTitle } from "#common/content-keys.ts";

export interface KeyGroup {
  page: string;
  items: (ContentListItem & { name: string })[];
}

export function groupByPage(items: readonly ContentListItem[]): KeyGroup[] {
  const groups = new Map<string, KeyGroup>();
  for (const item of items) {
    const title = isEditableKey(item.key) ? keyTitle(item.key) : { page: "Other", name: item.key };
    const group = groups.get(title.page) ?? { page: title.page, items: [] };
    group.items.push({ ...item, name: title.name });
    groups.set(title.page, group);
  }
  const order = (key: string) => (isEditableKey(key) ? keyOrder(key) : Infinity);
  for (const group of groups.values()) group.items.sort((a, b) => order(a.key) - order(b.key));
  // Home first, as editors think of the site; the rest keep the list's order.
  return [...groups.values()].sort((a, b) => Number(b.page === "Home") - Number(a.page === "Home"));
}
