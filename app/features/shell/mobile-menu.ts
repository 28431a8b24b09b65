/**
 * The mobile menu as a state machine. It remembers the page it was opened on, so navigating
 * anywhere closes it without an event; Escape, a tap outside, focus leaving it and a widening
 * window send "close".
 */
export type MenuState = { status: "closed" } | { status: "open"; page: string };
export type MenuEvent = { type: "toggle"; page: string } | { type: "close" };

export const closedMenu: MenuState = { status: "closed" };

export function menuReducer(state: MenuState, event: MenuEvent): MenuState {
  switch (event.type) {
    case "toggle":
      return isMenuOpen(state, event.page) ? closedMenu : { status: "open", page: event.page };
    case "close":
      return state.status === "closed" ? state : closedMenu;
  }
}

/** Open only on the page it was opened on. */
export const isMenuOpen = (state: MenuState, page: string) => state.status === "open" && state.page === page;
