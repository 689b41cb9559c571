// The validate room: a working file's data → every problem at once, each with its path.
export { validateData, type VersionState, type ValidationOutcome, type ValidateOptions } from './validate';
