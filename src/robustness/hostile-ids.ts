// Ids a user may legitimately write that are also names of every JavaScript object's own
// machinery: keyed in a plain object, each would answer from Object.prototype.
export const HOSTILE_IDS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];
