/**
 * The console's frame (/admin, app/routes/admin.tsx): the session and the sections' navigation
 * around the section route the URL names (<Outlet>). Signed out, it shows the sign-in page in
 * their place. Its first render (the prerendered shell) is the loading view, and holds no data.
 */
import { useEffect, useReducer, useState } from "react";
import "./console.css";
import { Link, Navigate, Outlet, useLocation, useNavigation, useRevalidator } from "react-router";
import { consolePath } from "#common/console.ts";
import { brand } from "./brand.ts";
import { Mark } from "./Mark.tsx";
import { AccountName } from "./AccountName.tsx";
import { api, rememberSession, whenSignedOut, type Account } from "./api.ts";
import { Icon } from "./icons.tsx";
import { PendingActionOffer } from "./PendingActionOffer.tsx";
import { sessionEndedNotice, sessionReducer } from "./session-state.ts";
import { sectionsOf } from "./sections.ts";
import { SignIn } from "./SignIn.tsx";

/** The console before it knows who is signed in: the prerendered shell, and while a sign-in loads the sections. */
export function ConsoleLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-surface" aria-busy="true">
      <p className="flex items-center gap-3 text-sm text-muted">
        <Mark className="h-7 w-7" /> Loading the console…
      </p>
    </div>
  );
}

/** `account`: who the frame's loader found signed in (none: the sign-in page). */
export function Console({ account: checked }: { account: Account | undefined }) {
  const [session, dispatch] = useReducer(sessionReducer, { type: "checked", account: checked } as const, (event) =>
    sessionReducer({ state: "loading" }, event),
  );
  // After a sign-in, or an offered action done, every loader of the frame and its section runs again.
  const revalidator = useRevalidator();
  const [reloading, setReloading] = useState(false);
  // A section's loader runs before it shows: the page in view says it is on its way.
  const navigating = useNavigation().state === "loading";
  // The section is the path's first segment under /admin.
  const section = useLocation().pathname.slice(consolePath.length).split("/")[1] ?? "";

  // A 401 on any call (a section's loader, a change) means the session ended: the sign-in page says so.
  useEffect(() => whenSignedOut((pending) => dispatch({ type: "refused", pending })), []);

  if (session.state === "signed-out") {
    const { ended } = session;
    return (
      <SignIn
        notice={ended ? sessionEndedNotice : undefined}
        onSignedIn={(account) => {
          rememberSession(account);
          dispatch({ type: "signed-in", account });
          setReloading(true);
          void revalidator.revalidate().finally(() => setReloading(false));
        }}
      />
    );
  }
  // The section's data was refused while signed out: it shows once loaded again.
  if (session.state === "loading" || reloading) return <ConsoleLoading />;

  const { account, pending } = session;
  const allowed = sectionsOf(account);
  // Past three sections a phone shows them as a grid of icons over their names; three fit in a row as they are.
  const stacked = allowed.length > 3;
  const current = allowed.find((s) => s.path === section);
  if (!current) return <Navigate to={`${consolePath}/${allowed[0].path}`} replace />;

  const signOut = async (everywhere: boolean) => {
    await api(everywhere ? "/session/everywhere" : "/session", { method: everywhere ? "POST" : "DELETE" }).catch(
      () => {},
    );
    rememberSession(undefined);
    dispatch({ type: "signed-out" });
  };
  const changed = (changedAccount: Account) => {
    rememberSession(changedAccount);
    dispatch({ type: "account-changed", account: changedAccount });
  };

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
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10" aria-busy={navigating || undefined}>
        {navigating && <div className="console-loading" role="progressbar" aria-label="Loading the page" />}
        {pending && (
          <PendingActionOffer
            pending={pending}
            onDone={() => {
              dispatch({ type: "pending-settled" });
              void revalidator.revalidate();
            }}
            onDismiss={() => dispatch({ type: "pending-settled" })}
          />
        )}
        {/* Who is signed in, as the frame knows it now (a name just changed included): useOutletContext. */}
        <Outlet context={account} />
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
