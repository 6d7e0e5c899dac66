// @react-pdf/renderer is installed only for the engine comparison (bench/pdf/run.ts), so the type
// check of the repository must pass without it: its exports are untyped here.
declare module "@react-pdf/renderer";
