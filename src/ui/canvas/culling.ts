// From this many nodes a tree's canvas draws only the cards and links in view (each card is still
// drawn once, to be measured for the layout): the page then holds what is seen, whatever the size.
export const CULL_FROM = 300;
