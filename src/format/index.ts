// The format core's public surface: what the layout, reasoning, render, store, UI, CLI and
// server may use. Each room (model, validate, text, operations, merge, history) has its own
// index; the other layers import from here or from a room's index, never from a file inside one.
export * from './model';
export * from './validate';
export * from './text';
export * from './operations';
export * from './merge';
export * from './history';
