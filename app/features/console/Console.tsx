/**
 * The console (/admin): asks the API who is signed in, shows the sign-in page or the console's
 * frame with the section the URL names. Its first render (the prerendered shell) holds no data.
 */
import { lazy, Suspense, useEffect, useReducer, useState } from "react";
import "./console.css";
import { Link, Navigate, useLocation } from "react-router";
import { consolePath } from "#common/console.ts";
import type { SessionAnswer } from "#common/console-api.ts";
import { brand } from "./brand.ts";
import { Mark } from "./Mark.tsx";
import { AccountName } from "./AccountName.tsx";
import { api, whenSignedOut, type Account } from "./api.ts";
import { AuditLog } from "./AuditLog.tsx";
import { DataRequests } from "./DataRequests.tsx";
import { ImagesSection } from "./images/ImagesSection.tsx";
import { Icon, type IconName } from "./icons.tsx";
import { PendingActionOffer } from "./PendingActionOffer.tsx";
import { LeadsInbox } from "./LeadsInbox.tsx";
import { initialSession, sessionEndedNotice, sessionReducer } from "./session-state.ts";
import { SignIn } from "./SignIn.tsx";
import { Subscribers } from "./Subscribers.tsx";
import { Usage } from "./Usage.tsx";

// The content editor (CodeMirror, the diff) loads only when its section opens.
const ContentSection = lazy(() => import("./content/ContentSection.tsx"));
const CampaignsSection = lazy(() => import("./campaigns/CampaignsSection.tsx"));
const PostsSection = lazy(() => import("./content/PostsSection.tsx"));

// Each role sees its sections only (the API answers 403 to the others): viewers figures, editors content.
const sections: {
  path: string;
  label: string;
  icon: IconName;
  roles: readonly Account["role"][];
  /** `account`: who is signed in (Usage links the lead list only for those who may open it). */
  Page: (props: { account: Account }) => React.JSX.Element;
}[] = [
  { path: "leads", label: "Leads", icon: "inbox", roles: ["owner"], Page: LeadsInbox },
  { path: "subscribers", label: "Subscribers", icon: "people", roles: ["owner"], Page: Subscribers },
  { path: "usage", label: "Usage", icon: "chart", roles: ["owner", "viewer"], Page: Usage },
  { path: "content", label: "Content", icon: "pencil", roles: ["owner", "editor"], Page: LazyContent },
  { path: "posts", label: "Posts", icon: "post", roles: ["owner", "editor"], Page: LazyPosts },
  { path: "images", label: "Images", icon: "image", roles: ["owner", "editor"], Page: ImagesSection },
  { path: "campaigns", label: "Campaigns", icon: "send", roles: ["owner", "editor"], Page: LazyCampaigns },
  { path: "requests", label: "Data requests", icon: "shield", roles: ["owner"], Page: DataRequests },
  { path: "audit", label: "Audit log", icon: "log", roles: ["owner"], Page: AuditLog },
];

function LazyContent() {
  return (
    <Suspense fallback={<p className="text-sm text-muted">Loading the editor…</p>}>
      <ContentSection />
    </Suspense>
  );
}

function LazyPosts({ account }: { account: Account }) {
  return (
    <Suspense fallback={<p className="text-sm text-muted">Loading the posts…</p>}>
      <PostsSection account={account} />
    </Suspense>
  );
}

function LazyCampaigns() {
  return (
    <Suspense fallback={<p className="text-sm text-muted">Loading the campaigns…</p>}>
      <CampaignsSection />
    </Suspense>
  );
}

export function Console() {
  const [session, dispatch] = useReducer(sessionReducer, initialSession);
  // A page remounts (and loads afresh) after an offered action is done.
  const [pageVersion, setPageVersion] = useState(0);
  // The section is the path's first segment under /admin (useLocation: the public pages use it too, so
  // it adds no router code to their shared chunk, as useParams would).
  const section = useLocation().pathname.slice(consolePath.length).split("/")[1] ?? "";

  useEffect(() => {
    whenSignedOut((pending) => dispatch({ type: "refused", pending }));
    api<SessionAnswer>("/session").then(
      (answer) => dispatch({ type: "checked", account: answer.signedIn ? answer.account : undefined }),
      () => dispatch({ type: "checked", account: undefined }),
    );
  }, []);

  if (session.state === "loading")
    return (
      <div className="flex min-h-screen items-center justify-center bg-surface" aria-busy="true">
        <p className="flex items-center gap-3 text-sm text-muted">
          <Mark className="h-7 w-7" /> Loading the console…
        </p>
      </div>
    );
  if (session.state === "signed-out") {
    const { ended } = session;
    return (
      <SignIn
        notice={ended ? sessionEndedNotice : undefined}
        onSignedIn={(account) => dispatch({ type: "signed-in", account })}
      />
    );
  }

  const { account, pending } = session;
  const allowed = sections.filter((s) => s.roles.includes(account.role));
  // Past three sections a phone shows them as a grid of icons over their names; three fit in a row as they are.
  const stacked = allowed.length > 3;
  const current = allowed.find((s) => s.path === section);
  if (!current) return <Navigate to={`${consolePath}/${allowed[0].path}`} replace />;

  const signOut = async (everywhere: boolean) => {
    await api(everywhere ? "/session/everywhere" : "/session", { method: everywhere ? "POST" : "DELETE" }).catch(
      () => {},
    );
    dispatch({ type: "signed-out" });
  };
  const changed = (changedAccount: Account) => dispatch({ type: "account-changed", account: changedAccount });

  return (
    <div className="min-h-screen bg-surface lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="border-b border-line bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-5 lg:py-5">
          <Link to={consolePath} className="flex items-center gap-2.5 rounded-md font-bold text-ink">
            <Mark className="h-8 w-8" />
            <span>
              {brand}
              <span className="block text-xs font-semibold tracking-wide text-muted uppercase">Console</span>
            </span>
          </Link>
          <AccountMenu account={account} onSignOut={signOut} onChanged={changed} className="lg:hidden" />
        </div>
        {/* Below lg every section stays in view, none scrolls off the edge: on a phone an owner's eight sit in
            two rows of four, icon over label; from sm they wrap into rows that share the width. */}
        <nav aria-label="Console" className="px-3 pb-3 lg:flex-1 lg:px-3 lg:pb-2">
          {/* On a phone the sections fill even rows: four across for four or eight, three across for nine. */}
          <ul
            className={`gap-1 sm:flex sm:flex-wrap lg:flex-col lg:flex-nowrap ${stacked ? (allowed.length % 4 === 0 ? "grid grid-cols-4" : "grid grid-cols-3") : "flex flex-wrap"}`}
          >
            {allowed.map((s) => (
              <li key={s.path} className="flex-auto lg:flex-none">
                <Link
                  to={`${consolePath}/${s.path}`}
                  aria-current={s === current ? "page" : undefined}
                  className={`flex h-full items-center justify-center gap-1.5 rounded-lg border px-2 py-1.5 text-sm font-semibold sm:whitespace-nowrap lg:justify-start lg:gap-2.5 lg:border-0 lg:px-3 lg:py-2 ${
                    stacked
                      ? "max-sm:flex-col max-sm:gap-0.5 max-sm:px-1 max-sm:text-center max-sm:text-xs max-sm:leading-tight"
                      : "whitespace-nowrap"
                  } ${
                    s === current
                      ? "border-brand-600/30 bg-brand-50 text-brand-700"
                      : "border-line text-muted hover:bg-surface hover:text-ink"
                  }`}
                >
                  <Icon name={s.icon} className="h-4 w-4 lg:h-5 lg:w-5" />
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <AccountMenu
          account={account}
          onSignOut={signOut}
          onChanged={changed}
          className="hidden border-t border-line p-4 lg:block"
          wide
        />
      </aside>
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
        {pending && (
          <PendingActionOffer
            pending={pending}
            onDone={() => {
              dispatch({ type: "pending-settled" });
              setPageVersion((n) => n + 1);
            }}
            onDismiss={() => dispatch({ type: "pending-settled" })}
          />
        )}
        <current.Page key={pageVersion} account={account} />
      </div>
    </div>
  );
}

function AccountMenu({
  account,
  onSignOut,
  onChanged,
  className,
  wide = false,
}: {
  account: Account;
  onSignOut(everywhere: boolean): void;
  onChanged(account: Account): void;
  className: string;
  wide?: boolean;
}) {
  const buttons = (
    <div className="mt-3 flex flex-col gap-1 border-t border-line pt-2">
      <button
        type="button"
        onClick={() => onSignOut(false)}
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm font-semibold text-ink hover:bg-surface"
      >
        <Icon name="out" className="h-4 w-4" /> Sign out
      </button>
      <button
        type="button"
        onClick={() => onSignOut(true)}
        className="rounded-md px-2 py-1.5 text-left text-sm text-muted hover:bg-surface hover:text-ink"
      >
        Sign out everywhere
      </button>
    </div>
  );
  if (wide)
    return (
      <div className={className}>
        <p className="truncate px-2 text-sm font-semibold text-ink" title={account.email}>
          {account.name ?? account.email}
        </p>
        <p className="mb-3 truncate px-2 text-xs text-muted">
          {account.name && <span title={account.email}>{account.email} · </span>}
          <span className="capitalize">{account.role}</span>
        </p>
        <AccountName account={account} onChanged={onChanged} />
        {buttons}
      </div>
    );
  return (
    <details className={`relative ${className}`}>
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg border border-line px-3 py-1.5 text-sm font-semibold text-ink">
        <span className="max-w-40 truncate">{account.name ?? account.email}</span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-64 rounded-lg border border-line bg-white p-2 shadow-lg">
        <p className="truncate px-2 pb-2 text-xs text-muted">
          {account.name && <span>{account.email} · </span>}
          <span className="capitalize">{account.role}</span>
        </p>
        <AccountName account={account} onChanged={onChanged} />
        {buttons}
      </div>
    </details>
  );
}
