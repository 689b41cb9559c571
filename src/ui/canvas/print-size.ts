/** The printed canvas, in CSS px (print.css gives it this size on a landscape page). */
export const PRINT_SIZE = { width: 960, height: 600 };
