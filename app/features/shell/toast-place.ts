/**
 * Where the toasts stand, in viewport pixels from the top. Their place is the bottom edge; where
 * they would cover a form there (on phones a form spans the screen's width), they move up into the
 * lowest gap between forms that holds them, just above the form below, and stay put while that
 * spot is free. Where no gap holds them they keep to the bottom edge.
 */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where the toasts may stand: from under the header to the bottom edge, and how tall and wide they are. */
export interface ToastArea extends Box {
  height: number;
}

/** Room kept between the toasts and a form. */
export const formGap = 8;

export function toastTop(area: ToastArea, forms: readonly Box[], current: number): number {
  const lowest = area.bottom - area.height;
  const inTheWay = forms.filter((form) => form.left < area.right && form.right > area.left);
  const free = (top: number) =>
    top >= area.top &&
    top <= lowest &&
    !inTheWay.some((form) => form.top < top + area.height + formGap && form.bottom > top - formGap);
  if (free(current)) return current;
  const slots = [lowest, ...inTheWay.map((form) => form.top - formGap - area.height)].sort((a, b) => b - a);
  return slots.find(free) ?? lowest;
}
