// From this many nodes a tree's canvas draws only the cards and links in view (cards are measured
// off the canvas for the layout, see card-sizes.tsx): the page then holds what is seen, whatever the size.
export const CULL_FROM = 300;
