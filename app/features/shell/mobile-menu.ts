/**
 * The mobile menu as a state machine. It remembers the page it was opened on, so navigating
 * anywhere closes it without an event; Escape, a tap outside, focus leaving it and a widening
 * window send "close". The menu is a native popover that opens without the app; "opened" and
 * "close" mirror what the browser did, "toggle" is the button once the app runs.
 */
export type MenuState = { status: "closed" } | { status: "open"; page: string };
export type MenuEvent = { type: "toggle"; page: string } | { type: "opened"; page: string } | { type: "close" };

export const closedMenu: MenuState = { status: "closed" };

export function menuReducer(state: MenuState, event: MenuEvent): MenuState {
  switch (event.type) {
    case "toggle":
      return isMenuOpen(state, event.page) ? closedMenu : { status: "open", page: event.page };
    case "opened":
      return isMenuOpen(state, event.page) ? state : { status: "open", page: event.page };
    case "close":
      return state.status === "closed" ? state : closedMenu;
  }
}

/** Open only on the page it was opened on. */
export const isMenuOpen = (state: MenuState, page: string) => state.status === "open" && state.page === page;
