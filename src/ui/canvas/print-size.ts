/** The printed canvas, in CSS px (print.css gives it this size on a landscape page). */
export const PRINT_SIZE = { width: 960, height: 600 };

/** While printing, the smallest zoom: a tree too big for the page at the canvas's own smallest is printed whole all the same, smaller. */
export const PRINT_MIN_ZOOM = 0.002;
