/**
 * The console's sections, in the order of its navigation: each a route of its own under /admin
 * (app/routes.ts, app/routes/console-<path>.tsx). Each role sees its sections only (the API
 * answers 403 to the others): viewers figures, editors content.
 */
import type { Account } from "./api.ts";
import type { IconName } from "./icons.tsx";

export interface Section {
  path: string;
  label: string;
  icon: IconName;
  roles: readonly Account["role"][];
}

export const sections: readonly Section[] = [
  { path: "leads", label: "Leads", icon: "inbox", roles: ["owner"] },
  { path: "subscribers", label: "Subscribers", icon: "people", roles: ["owner"] },
  { path: "usage", label: "Usage", icon: "chart", roles: ["owner", "viewer"] },
  { path: "content", label: "Content", icon: "pencil", roles: ["owner", "editor"] },
  { path: "posts", label: "Posts", icon: "post", roles: ["owner", "editor"] },
  { path: "images", label: "Images", icon: "image", roles: ["owner", "editor"] },
  { path: "campaigns", label: "Campaigns", icon: "send", roles: ["owner", "editor"] },
  { path: "requests", label: "Data requests", icon: "shield", roles: ["owner"] },
  { path: "audit", label: "Audit log", icon: "log", roles: ["owner"] },
];

/** The sections `account` may open; the first is where /admin takes them. */
export const sectionsOf = (account: Account) => sections.filter((section) => section.roles.includes(account.role));
